import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GlobalOptions } from '../../src/context.js';
import { createContext } from '../../src/factory.js';
import { UsageError } from '../../src/errors.js';
import { createTestIO, type TestIO } from '../../src/io.js';
import type { Row, View } from '../../src/output/printer.js';
import { tempDir } from '../helpers/cli.js';

const VIEW: View = { columns: ['id', 'name'] };
const ROWS: Row[] = [
  { id: 1, name: 'a\tb', meta: { x: 1 } },
  { id: 2, name: 'say "hi", ok', meta: null },
];

async function printerFor(globals: GlobalOptions, opts: { tty?: boolean; env?: Record<string, string> } = {}) {
  const io: TestIO = await createTestIO({ tty: opts.tty ?? false, columns: 80 });
  const env = { SHORTY_CONFIG_DIR: join(tempDir('shorty-printer-'), 'cfg'), LANG: 'C.UTF-8', ...opts.env };
  const ctx = createContext(
    { io, env, now: () => 0, sleep: async () => {}, signal: new AbortController().signal },
    globals,
  );
  const printer = await ctx.printer();
  // Streams deliver 'data' asynchronously: let them flush before reading.
  const settle = () => new Promise((r) => setImmediate(r));
  return { printer, out: async () => (await settle(), io.out()), err: async () => (await settle(), io.err()) };
}

async function* stream(rows: Row[]): AsyncGenerator<Row> {
  for (const row of rows) yield row;
}

describe('printer formats', () => {
  it('defaults to tsv when stdout is not a TTY, and table on a TTY', async () => {
    expect((await printerFor({})).printer.format).toBe('tsv');
    expect((await printerFor({}, { tty: true })).printer.format).toBe('table');
    expect((await printerFor({}, { env: { SHORTY_OUTPUT: 'csv' } })).printer.format).toBe('csv');
    expect((await printerFor({ output: 'json' }, { env: { SHORTY_OUTPUT: 'csv' } })).printer.format).toBe('json');
  });

  it('rejects an unknown SHORTY_OUTPUT', async () => {
    await expect(printerFor({}, { env: { SHORTY_OUTPUT: 'yaml' } })).rejects.toThrow(UsageError);
  });

  it('streams a json list as one pretty array, identical to JSON.stringify', async () => {
    const { printer, out } = await printerFor({ output: 'json' });
    await printer.list(stream(ROWS), VIEW);
    expect(await out()).toBe(`${JSON.stringify(ROWS, null, 2)}\n`);
    expect(JSON.parse(await out())).toEqual(ROWS);
  });

  it.each([
    ['csv', 'id,name\n'],
    ['tsv', 'id\tname\n'],
  ] as const)('an empty list in %s is its header: a script still learns the columns', async (format, text) => {
    const { printer, out } = await printerFor({ output: format });
    await printer.list([], VIEW);
    expect(await out()).toBe(text);
    const declared = await printerFor({ output: format });
    await declared.printer.list([], { columns: ['id'], fields: ['id', 'name', 'date'], header: ['id', 'date'] });
    expect(await declared.out()).toBe(format === 'csv' ? 'id,date\n' : 'id\tdate\n');
    const bare = await printerFor({ output: format, headers: false });
    await bare.printer.list([], VIEW);
    expect(await bare.out()).toBe('');
  });

  it('prints an empty json list as []', async () => {
    const { printer, out } = await printerFor({ output: 'json' });
    await printer.list([], VIEW);
    expect(await out()).toBe('[]\n');
  });

  it('writes ndjson one compact object per line', async () => {
    const { printer, out } = await printerFor({ output: 'ndjson' });
    await printer.list(ROWS, VIEW);
    expect((await out()).split('\n')).toEqual([JSON.stringify(ROWS[0]), JSON.stringify(ROWS[1]), '']);
  });

  it('quotes csv per RFC 4180 and writes nested values as compact JSON', async () => {
    const { printer, out } = await printerFor({ output: 'csv' });
    await printer.list(ROWS, VIEW);
    expect(await out()).toBe('id,name,meta\n1,a\tb,"{""x"":1}"\n2,"say ""hi"", ok",\n');
  });

  it('escapes tsv values', async () => {
    const { printer, out } = await printerFor({ output: 'tsv' });
    await printer.list(ROWS, VIEW);
    expect(await out()).toBe('id\tname\tmeta\n1\ta\\tb\t{"x":1}\n2\tsay "hi", ok\t\n');
  });

  it('keeps --fields in order, dotted paths as flat keys', async () => {
    const { printer, out } = await printerFor({ output: 'json', fields: 'meta.x,id' });
    await printer.list([ROWS[0]], VIEW);
    expect(JSON.parse(await out())).toEqual([{ 'meta.x': 1, id: 1 }]);
  });

  it('refuses an unknown field before printing anything', async () => {
    const { printer, out } = await printerFor({ output: 'csv', fields: 'id,nope' });
    await expect(printer.list(ROWS, VIEW)).rejects.toThrow(/unknown field "nope"/);
    expect(await out()).toBe('');
  });

  it('prints the quiet field one per line', async () => {
    const { printer, out } = await printerFor({ quiet: true, output: 'json' });
    await printer.list(ROWS, VIEW);
    await printer.object({ error: 0, id: 9, shorturl: 'https://s/x' }, { columns: [], quiet: 'shorturl' });
    expect(await out()).toBe('1\n2\nhttps://s/x\n');
  });

  it('draws a table with the view columns and a footer on stderr', async () => {
    const { printer, out, err } = await printerFor({ output: 'table' });
    await printer.list(ROWS, VIEW, () => ({ page: 2, maxpage: 7, total: 134 }));
    const table = await out();
    expect(table).toContain('│ id │ name');
    expect(table).toContain('│ 1  │ a b');
    expect(table).not.toContain('meta');
    expect(await err()).toBe('page 2/7 · 134 results\n');
  });

  it('draws one object as a key/value table with nested keys spread', async () => {
    const { printer, out } = await printerFor({ output: 'table' });
    await printer.object({ error: 0, id: 3, details: { longurl: 'https://e.com' } }, VIEW);
    const table = await out();
    expect(table).toMatch(/│ id\s+│ 3\s+│/);
    expect(table).toMatch(/│ details\.longurl │ https:\/\/e\.com │/);
    expect(table).not.toContain('error');
  });

  it('prints an object without its error key in json', async () => {
    const { printer, out } = await printerFor({ output: 'json' });
    await printer.object({ error: 0, id: 3, name: 'x' }, VIEW);
    expect(await out()).toBe('{\n  "id": 3,\n  "name": "x"\n}\n');
  });

  it('sends messages to stderr in table/tsv, to stdout in json, nowhere with -q', async () => {
    const tsv = await printerFor({});
    await tsv.printer.message({ error: 0, message: 'Domain deleted.' });
    expect(await tsv.out()).toBe('');
    expect(await tsv.err()).toBe('✓ Domain deleted.\n');

    const json = await printerFor({ output: 'json' });
    await json.printer.message({ error: 0, message: 'Domain deleted.' });
    expect(await json.out()).toBe('{\n  "message": "Domain deleted."\n}\n');

    const quiet = await printerFor({ quiet: true });
    await quiet.printer.message({ error: 0, message: 'Domain deleted.' });
    expect((await quiet.out()) + (await quiet.err())).toBe('');
  });

  it('colours the table header only when colour is on', async () => {
    const plain = await printerFor({ output: 'table' }, { tty: true, env: { NO_COLOR: '1' } });
    await plain.printer.list(ROWS, VIEW);
    expect(await plain.out()).not.toContain('\u001b[');

    const coloured = await printerFor({ output: 'table' }, { tty: true });
    await coloured.printer.list(ROWS, VIEW);
    expect(await coloured.out()).toContain('\u001b[');
  });
});

describe('the locale', () => {
  it.each<Record<string, string>>([{ LANG: 'C' }, { LC_ALL: 'C', LANG: 'en_US.UTF-8' }, { LANG: 'POSIX' }])(
    'tables are drawn in ASCII where the terminal does not take UTF-8 (%j), as the link view is',
    async (locale) => {
      const ascii = await printerFor({ output: 'table' }, { tty: true, env: { NO_COLOR: '1', ...locale } });
      await ascii.printer.list(ROWS, VIEW);
      await ascii.printer.object({ id: 3, name: 'x' }, VIEW);
      const out = await ascii.out();
      expect(out).toMatch(/^\+-+\+-+\+\n\| id \| name/);
      expect(out).not.toMatch(/[^\x20-\x7e\n]/);
    },
  );

  it('UTF-8 locales keep the box characters', async () => {
    const utf8 = await printerFor(
      { output: 'table' },
      { tty: true, env: { NO_COLOR: '1', LANG: '', LC_ALL: 'de_DE.utf8' } },
    );
    await utf8.printer.list(ROWS, VIEW);
    expect(await utf8.out()).toContain('│ id │ name');
  });
});

describe('text from a server', () => {
  const hostile = [{ id: 1, name: 'a\u001b]52;c;eA==\u0007b\u009b2J\u202ec' }];

  it('csv and tsv to a terminal show controls; to a pipe they stay exact', async () => {
    for (const output of ['csv', 'tsv']) {
      const tty = await printerFor({ output }, { tty: true });
      await tty.printer.list(hostile, VIEW);
      expect(await tty.out()).toContain('a␛]52;c;eA==␇b<U+009B>2J<U+202E>c');
      const piped = await printerFor({ output });
      await piped.printer.list(hostile, VIEW);
      expect(await piped.out()).toContain(hostile[0].name);
    }
  });

  it('--excel-safe reaches the csv writer of the printer', async () => {
    const { printer, out } = await printerFor({ output: 'csv', excelSafe: true });
    await printer.object({ id: 1, name: '=cmd|calc' }, VIEW);
    expect(await out()).toBe("id,name\n1,'=cmd|calc\n");
  });
});

describe('--no-headers', () => {
  it('leaves out the header row of csv, tsv and tables, and nothing else', async () => {
    for (const [output, expected] of [
      ['csv', '1,a\tb\n2,"say ""hi"", ok"\n'],
      ['tsv', '1\ta\\tb\n2\tsay "hi", ok\n'],
    ] as const) {
      const { printer, out } = await printerFor({ output, headers: false, fields: 'id,name' });
      await printer.list(stream(ROWS), VIEW);
      expect(await out()).toBe(expected);
    }
    const table = await printerFor({ output: 'table', headers: false });
    await table.printer.list(stream(ROWS), VIEW);
    const grid = await table.out();
    expect(grid).toContain('say "hi", ok');
    expect(grid).not.toMatch(/\bname\b/);
    const json = await printerFor({ output: 'json', headers: false });
    await json.printer.list(stream(ROWS.slice(0, 1)), VIEW);
    expect(JSON.parse(await json.out())).toEqual([ROWS[0]]);
  });
});
