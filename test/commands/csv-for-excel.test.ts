// CSV for the spreadsheet on the other end: --excel (UTF-16 with a byte order mark, tab-separated),
// --delimiter and --bom on every command that writes csv, and --failed-out in the form its input
// was read in. What --excel writes from a German windows-1252 `;` import reads back unchanged.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { json, useSandboxCli } from '../helpers/sandbox-cli.js';

const { sandbox, run } = useSandboxCli({
  rateLimit: '100000/60s',
  clientRateLimit: '100000/60s',
  resetData: true,
  inProcess: true,
});
const dir = tempDir('shorty-excel-');

/** What German Excel saves as "CSV (Trennzeichen-getrennt)": windows-1252, `;`, CRLF (characters of latin1's range). */
const GERMAN =
  'Ziel;Kürzel;Titel;Notiz\r\n' +
  'https://example.com/grüße;gr-1;"Grüße; ""Welt""";né1\r\n' +
  'ftp://kaputt;gr-2;Übel;n2\r\n' +
  'https://example.com/b;x;Zu kurz;Maß\r\n';
const MAP = ['--encoding', 'windows-1252', '--map', 'Ziel=url', '--map', 'Kürzel=custom', '--map', 'Titel=title'];

function windows1252(text: string): Buffer {
  const table = new Map<string, number>();
  const decoder = new TextDecoder('windows-1252');
  for (let b = 0; b < 256; b++) table.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from([...text].map((c) => table.get(c)!));
}

function file(name: string, bytes: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** The input columns of each row, as `urls import --dry-run -o json` reads a file. */
async function inputCells(path: string, extra: string[] = []): Promise<Record<string, unknown>[]> {
  const res = await run(['urls', 'import', path, '--dry-run', '-o', 'json', '--map', 'Ziel=url', ...extra]);
  return json<Record<string, unknown>[]>(res).map(({ Ziel, Kürzel, Titel, Notiz }) => ({ Ziel, Kürzel, Titel, Notiz }));
}

describe('a windows-1252 ; import', () => {
  test('--failed-out writes the rejected rows in windows-1252 with ; and they read back unchanged', async () => {
    const input = file('de.csv', windows1252(GERMAN));
    const failed = join(dir, 'failed.csv');
    const res = await run(['urls', 'import', input, ...MAP, '--failed-out', failed]);
    expect(res.exitCode).toBe(1);
    const bytes = readFileSync(failed);
    const text = new TextDecoder('windows-1252').decode(bytes);
    expect(bytes.includes(0xfc)).toBe(true); // ü in windows-1252
    expect(text.split(/\r?\n/)[0]).toBe('Ziel;Kürzel;Titel;Notiz;row;error');
    expect(text).toContain('ftp://kaputt;gr-2;Übel;n2;3;');
    expect(text).toContain('https://example.com/b;x;Zu kurz;Maß;4;');
    const back = await inputCells(failed, ['--encoding', 'windows-1252']);
    expect(back).toEqual([
      { Ziel: 'ftp://kaputt', Kürzel: 'gr-2', Titel: 'Übel', Notiz: 'n2' },
      { Ziel: 'https://example.com/b', Kürzel: 'x', Titel: 'Zu kurz', Notiz: 'Maß' },
    ]);
  });

  test('--excel writes results and failed rows as UTF-16 with a mark, tab-separated; both read back unchanged', async () => {
    const input = file('de-excel.csv', windows1252(GERMAN));
    const failed = join(dir, 'failed-excel.csv');
    const res = await run(['urls', 'import', input, ...MAP, '--failed-out', failed, '--excel']);
    expect(res.exitCode).toBe(1);
    const results = res.stdoutBytes!;
    expect([...results.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const text = new TextDecoder('utf-16le').decode(results);
    expect(text.split('\n')[0]).toBe('Ziel\tKürzel\tTitel\tNotiz\trow\tstatus\tid\talias\tshorturl\tlongurl\terror');
    const original = await inputCells(file('de-again.csv', windows1252(GERMAN)), ['--encoding', 'windows-1252']);
    expect(original[0]).toEqual({
      Ziel: 'https://example.com/grüße',
      Kürzel: 'gr-1',
      Titel: 'Grüße; "Welt"',
      Notiz: 'né1',
    });
    expect(await inputCells(file('results.csv', results))).toEqual(original);
    expect([...readFileSync(failed).subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(await inputCells(failed)).toEqual(original.slice(1));
  });
});

describe('--excel, --delimiter and --bom on the other commands that write csv', () => {
  test('urls export and urls list: --excel implies csv; --delimiter and --bom for finer control', async () => {
    await sandbox.api('POST', '/url/add', { url: 'https://example.com/ü', custom: 'uml', metatitle: 'Grüße' });
    const exported = await run(['urls', 'export', '--excel']);
    expect(exported.exitCode).toBe(0);
    expect([...exported.stdoutBytes!.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const exportText = new TextDecoder('utf-16le').decode(exported.stdoutBytes!);
    expect(exportText.startsWith('id\talias\tshorturl\tlongurl\t')).toBe(true);
    expect(exportText).toContain('\tGrüße\t');

    const listed = await run(['urls', 'list', '--excel']);
    expect([...listed.stdoutBytes!.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const semicolons = await run(['urls', 'list', '-o', 'csv', '--delimiter', 'semicolon', '--bom']);
    expect([...semicolons.stdoutBytes!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(semicolons.stdout).toMatch(/^\uFEFFid;alias;shorturl;longurl;/);
    const plain = await run(['urls', 'list', '-o', 'csv']);
    expect(plain.stdout).toMatch(/^id,alias,shorturl,longurl,/);
  });

  test('urls export --excel: formula cells get the quote mark, and the file imports back as the data it held', async () => {
    const titles = ['=HYPERLINK("https://evil.example","x")', '-50% sale', '@home', 'plain'];
    for (const [i, title] of titles.entries())
      await sandbox.api('POST', '/url/add', {
        url: `https://example.com/f${i}`,
        custom: `formula${i}`,
        metatitle: title,
      });
    const exported = await run(['urls', 'export', '--excel']);
    expect(exported.exitCode).toBe(0);
    const text = new TextDecoder('utf-16le').decode(exported.stdoutBytes!);
    expect(text).toContain(`\t"'=HYPERLINK(""https://evil.example"",""x"")"\t`);
    expect(text).toContain("\t'-50% sale\t");
    expect(text).toContain("\t'@home\t");
    expect(text).toContain('\tplain\t');
    const back = await run(['urls', 'import', file('formulas.csv', exported.stdoutBytes!), '--dry-run', '-o', 'json']);
    expect(back.exitCode, back.stderr).toBe(0);
    const read = json<{ alias: string; title: string }[]>(back).map((r) => [r.alias, r.title]);
    expect(read.sort()).toEqual(titles.map((t, i) => [`formula${i}`, t]).sort());
  });

  test('--excel with another format and an unknown --delimiter are usage errors before any request', async () => {
    const excelJson = await run(['urls', 'list', '--excel', '-o', 'json']);
    expect(excelJson.exitCode).toBe(2);
    expect(excelJson.stderr).toMatch(/^shorty: --excel writes csv, not json/);
    const bad = await run(['urls', 'export', '--delimiter', 'x']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/invalid --delimiter "x"/);
    expect(await sandbox.admin.requests()).toEqual([]);
  });
});

describe('row numbers are the ones the spreadsheet shows', () => {
  test('a CSV as Excel and LibreOffice save it (BOM, CRLF, empty rows as bare separators): header row 1, blank rows counted', async () => {
    // Row 1 the header; row 3 an empty row as Excel writes it (",,"), row 4 a truly blank line; a
    // cell with a line break stays in row 5; the bad link on row 6 is reported as row 6.
    const path = join(dir, 'saved-by-excel.csv');
    writeFileSync(
      path,
      '\uFEFFurl,alias,title\r\n' +
        'https://example.com/1,row-two,Two\r\n' +
        ',,\r\n' +
        '\r\n' +
        'https://example.com/5,row-five,"two\r\nlines"\r\n' +
        'ftp://example.com/6,row-six,Six\r\n',
    );
    const res = await run(['urls', 'import', path, '--dry-run', '-o', 'json']);
    expect(res.exitCode).toBe(1);
    expect(json(res).map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'valid'],
      [5, 'valid'],
      [6, 'invalid'],
    ]);
  });
});
