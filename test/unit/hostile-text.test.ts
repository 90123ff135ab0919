// Text from a server, on its way out: made visible for terminals, redacted of every secret in
// every spelling a server may echo it, and (with --excel-safe) defused for spreadsheets.
import { PassThrough } from 'node:stream';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { abortableSleep, MAX_TIMER_MS } from '../../src/util/sleep.js';
import { curlLine } from '../../src/api/curl.js';
import { maskRequestSecrets } from '../../src/api/redact.js';
import { redactWrites } from '../../src/util/redacted-writes.js';
import { createSecrets } from '../../src/util/secrets.js';
import { excelSafeCell } from '../../src/output/cells.js';
import { createRowWriter } from '../../src/output/row-writers.js';
import { escapeJsonInvisibles, forTerminal, forTerminalLines } from '../../src/util/terminal-text.js';
import { ESCAPES, RAW_CONTROL } from '../helpers/hostile-server.js';

describe('forTerminal', () => {
  it.each(Object.entries(ESCAPES))('leaves no raw control of %s', (_name, text) => {
    const shown = forTerminal(`title ${text} end`);
    expect(shown).not.toMatch(RAW_CONTROL);
    expect(shown).toMatch(/^title .* end$/);
  });

  it('shows C0 controls as control pictures, C1 and bidi controls as <U+XXXX>', () => {
    expect(forTerminal('\u001b[2J')).toBe('\u241b[2J');
    expect(forTerminal('a\rb\u0007\u007f')).toBe('a\u240db\u2407\u2421');
    expect(forTerminal('\u009b31m')).toBe('<U+009B>31m');
    expect(forTerminal('abc\u202etxt.exe\u2066')).toBe('abc<U+202E>txt.exe<U+2066>');
    expect(forTerminal('plain text, ünïcödé, 日本, emoji 🎉')).toBe('plain text, ünïcödé, 日本, emoji 🎉');
  });

  it('keeps line breaks in text of several lines', () => {
    expect(forTerminalLines('<a>\u001b[2J</a>\n<b/>\n')).toBe('<a>\u241b[2J</a>\n<b/>\n');
  });

  it('escapes in JSON what JSON.stringify leaves raw, and the data stays the same', () => {
    const value = { title: `x${ESCAPES.csi}${ESCAPES.rlo}${ESCAPES.clear}` };
    const json = escapeJsonInvisibles(JSON.stringify(value));
    expect(json).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('secrets', () => {
  const KEY = 'sk_live_9f/2c+K=ey~x';

  it.each([
    ['raw', KEY],
    ['with Bearer', `Bearer ${KEY}`],
    ['with Token', `Token ${KEY}`],
    ['percent-encoded', encodeURIComponent(KEY)],
    ['percent-encoded in lower case', encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())],
    ['partly percent-encoded', KEY.replace('/', '%2f')],
    ['JSON-escaped as PHP writes it', KEY.replace('/', '\\/')],
    ['every character percent-encoded', [...Buffer.from(KEY)].map((b) => `%${b.toString(16)}`).join('')],
  ])('finds the key %s', (_name, form) => {
    const secrets = createSecrets();
    secrets.add(KEY);
    const text = secrets.redact(`Invalid API key: ${form}.`);
    expect(text).toMatch(/^Invalid API key: (Bearer |Token )?\*\*\*\.$/);
  });

  it('finds a piece of the key 12 characters long or more, wherever it starts, and leaves shorter ones', () => {
    const key = 'sk_adv_secret_key_0123456789abcdef';
    const secrets = createSecrets();
    secrets.add(key);
    expect(secrets.redact(`Invalid key ${key.slice(0, 30)}... given`)).toBe('Invalid key ***... given');
    expect(secrets.redact(`key ends ${key.slice(-14)}.`)).toBe('key ends ***.');
    expect(secrets.redact(`middle [${key.slice(5, 17)}]`)).toBe('middle [***]');
    expect(secrets.redact(`short ${key.slice(0, 11)}`)).toBe(`short ${key.slice(0, 11)}`);
  });

  it('finds the key, and pieces of it, echoed in another letter case', () => {
    const key = 'sk_live_7c41e312b5de9550484ab2b8';
    const secrets = createSecrets();
    secrets.add(key);
    expect(secrets.redact(`INVALID KEY ${key.toUpperCase()}.`)).toBe('INVALID KEY ***.');
    expect(secrets.redact(`key ${key.replace('live', 'LIVE')} refused`)).toBe('key *** refused');
    expect(secrets.redact(`ends ${key.slice(-20).toUpperCase()}!`)).toBe('ends ***!');
    expect(secrets.redact(`given ${key.slice(0, 14).toUpperCase()}...`)).toBe('given ***...');
    expect(secrets.redact(encodeURIComponent(key.toUpperCase()))).toBe('***');
  });

  it("finds a secret with a quote as Node's inspect writes it in a library's debug line", () => {
    const secrets = createSecrets();
    secrets.add("it's-a-secret");
    expect(secrets.redact(inspect(`"it's-a-secret" \``))).toBe('\'"***" `\'');
  });

  it('redacts every write to a stream, strings and bytes, and keeps the rest as it came', async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    const secrets = createSecrets();
    secrets.add(KEY);
    redactWrites(stream, (text) => secrets.redact(text));
    const written = vi.fn();
    stream.write(`a ${KEY}\n`);
    stream.write(Buffer.from(`b Bearer ${KEY}\n`), written);
    // Half of a UTF-8 character stays the same bytes, so the next write completes it.
    const euro = Buffer.from('€\n');
    stream.write(euro.subarray(0, 1));
    stream.write(euro.subarray(1), 'utf8', written);
    await new Promise((resolve) => setImmediate(resolve));
    expect(Buffer.concat(chunks).toString('utf8')).toBe('a ***\nb Bearer ***\n€\n');
    expect(written).toHaveBeenCalledTimes(2);
  });

  it('hides the secrets of one request only where they are given', () => {
    const secrets = createSecrets();
    secrets.add(KEY);
    expect(secrets.redact('pw hunter2! and key', ['hunter2!'])).toBe('pw *** and key');
    expect(secrets.redact('pw hunter2! again')).toBe('pw hunter2! again');
    secrets.add('hunter2!');
    expect(secrets.redact('pw hunter2! again')).toBe('pw *** again');
  });

  it('does not search for a secret too short to find without mangling text', () => {
    const secrets = createSecrets();
    secrets.add('ab');
    secrets.add('');
    expect(secrets.redact('https://sho.rt/abc')).toBe('https://sho.rt/abc');
  });

  it('masks passwords in request lines by their place, whatever their length', () => {
    expect(maskRequestSecrets('GET http://h/api/v1/***/shorturl/create/custom_url/c/password/pw/url/aHR0.json')).toBe(
      'GET http://h/api/v1/***/shorturl/create/custom_url/c/password/***/url/aHR0.json',
    );
    expect(maskRequestSecrets(`--data-raw '{"url":"https://e.com","password":"p\\"w"}'`)).toBe(
      `--data-raw '{"url":"https://e.com","password":"***"}'`,
    );
    expect(maskRequestSecrets('GET http://h/api/urls?short=https%3A%2F%2Fe.com%2Fpassword%2Freset')).toContain(
      'password%2Freset',
    );
  });

  it('a curl line keeps $SHORTY_API_KEY for the key and masks the body password', () => {
    const line = curlLine(
      {
        method: 'POST',
        url: 'http://h/api/url/add',
        headers: { authorization: `Bearer ${KEY}` },
        body: '{"url":"https://e.com","password":"pw"}',
      },
      KEY,
    );
    expect(maskRequestSecrets(line)).toBe(
      `curl -sS -X POST 'http://h/api/url/add' -H "authorization: Bearer $SHORTY_API_KEY" --data-raw '{"url":"https://e.com","password":"***"}'`,
    );
  });
});

describe('--excel-safe', () => {
  it.each([
    ['=HYPERLINK("x")', true],
    ['+1', true],
    ['-2', true],
    ['@SUM(A1)', true],
    ['\tx', true],
    ['\rx', true],
    ['https://e.com', false],
    ['a=b', false],
    ['', false],
  ])('%j is prefixed: %s', (cell, prefixed) => {
    expect(excelSafeCell(cell)).toBe(prefixed ? `'${cell}` : cell);
  });

  it('applies to csv and tsv cells only when asked', async () => {
    for (const format of ['csv', 'tsv'] as const) {
      let text = '';
      const out = async (t: string) => void (text += t);
      const safe = await createRowWriter(format, out, undefined, { excelSafe: true });
      await safe.row({ title: '=1+1', n: -3 });
      expect(text).toMatch(/'=1\+1/);
      expect(text).toMatch(/'-3/);
      text = '';
      const exact = await createRowWriter(format, out);
      await exact.row({ title: '=1+1', n: -3 });
      expect(text).not.toContain("'");
    }
  });
});

describe('csv and tsv stay exact, except on a terminal', () => {
  it.each(['csv', 'tsv'] as const)('%s', async (format) => {
    let text = '';
    const out = async (t: string) => void (text += t);
    const row = { title: `a${ESCAPES.clear}${ESCAPES.csi}${ESCAPES.rlo}b` };
    await (await createRowWriter(format, out)).row(row);
    expect(text).toContain(row.title);
    text = '';
    await (await createRowWriter(format, out, undefined, { terminal: true })).row(row);
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).toContain('a\u241b[2J<U+009B>31m<U+202E>b');
  });
});

describe('timers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a sleep past what a Node timer holds is slept in pieces, never handed to setTimeout whole', async () => {
    const spy = vi.spyOn(globalThis, 'setTimeout');
    const controller = new AbortController();
    const sleeping = abortableSleep(1e12, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    const delays = spy.mock.calls.map((call) => Number(call[1]));
    expect(delays.length).toBeGreaterThan(0);
    expect(Math.max(...delays)).toBeLessThanOrEqual(MAX_TIMER_MS);
  });
});
