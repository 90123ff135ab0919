// Faults from the server: for each way a server or proxy can fail, every class of command
// reports it as one `shorty:` line with the contract's exit code, never a stack trace; GETs are
// retried as the contract says (network errors and 5xx, 3 times) and writes never are.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { FaultMode } from '../../src/sandbox/faults.js';
import { runCli, tempDir, type CliResult } from '../helpers/cli.js';
import { noWait, runInProcess } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

let sandbox: StartedSandbox;
let linkId: number;
let shortUrl: string;
let importFile: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  const dir = tempDir('shorty-faults-');
  importFile = join(dir, 'links.txt');
  writeFileSync(importFile, 'https://example.com/import/1\n');
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await sandbox.admin.fault(null);
  await sandbox.admin.reset({ data: true });
  const created = await sandbox.api('POST', '/url/add', { url: 'https://example.com/seed' });
  linkId = created.json.id;
  shortUrl = created.json.shorturl;
  await sandbox.admin.reset();
});

/** A `slow` answer comes SLOW_DELAY_MS after the request, past the client's SLOW_TIMEOUT. */
const SLOW_TIMEOUT = '0.2';
const SLOW_DELAY_MS = 400;

/**
 * main() in this process: how a fault is reported and how often a request is retried are the
 * work of the client's code, not of the process around it. The back-off between retries is
 * skipped (the tests count retries, not time); one test below keeps the built CLI and real
 * back-off.
 */
function shorty(
  args: string[],
  timeout = '1',
  run: typeof runCli = (a, o) => runInProcess(a, { ...o, sleep: noWait }),
): Promise<CliResult> {
  return run([...args, '--timeout', timeout], {
    env: { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey, SHORTY_RATE_LIMIT: '1000/60s' },
  });
}

/** A `slow` request is logged only once its late answer is written: wait for it to land. */
async function settle(expected: number): Promise<number> {
  await until(async () => (await sandbox.admin.stats()).requests >= expected);
  return (await sandbox.admin.stats()).requests;
}

function expectOneErrorLine(res: CliResult, exitCode: number, message: RegExp): void {
  expect(res.exitCode, res.stderr).toBe(exitCode);
  const errorLines = res.stderr.split('\n').filter((line) => line.startsWith('shorty: '));
  expect(errorLines, res.stderr).toHaveLength(1);
  expect(errorLines[0]).toMatch(message);
  expect(res.stderr).not.toMatch(/^\s+at /m);
  expect(res.stderr).not.toMatch(/<html|<!doctype|<body/i);
}

interface CommandClass {
  name: string;
  args: () => string[];
  /** Sent as a GET, so retried on network errors and 5xx. */
  retried: boolean;
  /** Requests one run sends when nothing fails. */
  requests: number;
}

const CLASSES: CommandClass[] = [
  { name: 'list', args: () => ['urls', 'list'], retried: true, requests: 1 },
  { name: 'get', args: () => ['urls', 'get', String(linkId)], retried: true, requests: 1 },
  { name: 'add', args: () => ['urls', 'add', 'https://example.com/new'], retried: false, requests: 1 },
  { name: 'legacy info', args: () => ['legacy', 'info', shortUrl], retried: true, requests: 1 },
  {
    name: 'legacy create',
    args: () => ['legacy', 'create', 'https://example.com/legacy'],
    retried: false,
    requests: 1,
  },
  // --max-outage 0: stop at the first failure (riding out outages is tested in import-outages).
  { name: 'import', args: () => ['urls', 'import', importFile, '--max-outage', '0'], retried: false, requests: 1 },
];

// What each fault means to the user: exit code, and what the one line says.
const FAULTS: [FaultMode, number, RegExp][] = [
  ['html500', 1, /HTTP 500 with an HTML page/],
  ['reset', 5, /connection reset by the server/],
  ['slow', 5, /timed out after 0\.2s/],
  ['truncated', 1, /invalid (JSON|response) from the server/],
  ['html404', 1, /endpoint not found: .*older version/],
  ['empty', 1, /empty response from the server/],
];

describe.each(CLASSES)('$name under a persistent fault', (cls) => {
  test.each(FAULTS)('%s: one line, exit %i', async (mode, exitCode, message) => {
    await sandbox.admin.fault(mode, { delayMs: SLOW_DELAY_MS });
    const res = await shorty(cls.args(), mode === 'slow' ? SLOW_TIMEOUT : '1');
    expectOneErrorLine(res, exitCode, message);
    // Retries: GETs on network errors and 5xx (3 more tries); never on a timeout (the user's
    // --timeout is the whole patience budget); never a write.
    const retriable = mode === 'html500' || mode === 'reset';
    const expected = cls.retried && retriable ? 4 : cls.requests;
    await sandbox.admin.fault(null);
    expect(await settle(expected)).toBe(expected);
  });
});

describe('retries', () => {
  test('a GET that meets one HTML 500 succeeds on the retry', async () => {
    await sandbox.admin.fault('html500', { count: 1 });
    const res = await shorty(['urls', 'get', String(linkId), '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ id: linkId });
    expect((await sandbox.admin.requests()).map((r) => r.status)).toEqual([500, 200]);
  });

  test('a GET whose connection is reset twice succeeds on the third try (the built CLI, real back-off)', async () => {
    await sandbox.admin.fault('reset', { count: 2 });
    const res = await shorty(['urls', 'list', '--json'], '1', runCli);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toHaveLength(1);
    expect((await sandbox.admin.requests()).map((r) => r.fault ?? 'ok')).toEqual(['reset', 'reset', 'ok']);
  });

  test('a legacy read is retried, a legacy create (a GET that writes) is not', async () => {
    await sandbox.admin.fault('reset', { count: 1 });
    expect((await shorty(['legacy', 'info', shortUrl])).exitCode).toBe(0);
    expect((await sandbox.admin.stats()).requests).toBe(2);

    await sandbox.admin.reset();
    await sandbox.admin.fault('reset', { count: 1 });
    const res = await shorty(['legacy', 'create', 'https://example.com/once']);
    expectOneErrorLine(res, 5, /connection reset/);
    // The server created the link before the connection broke: exactly once, and the user is told.
    expect(await sandbox.admin.stats()).toMatchObject({ requests: 1, links: 2 });
    expect(res.stderr).toMatch(/^hint: the server may have carried it out: check before sending it again$/m);
  });

  test('a refused connection says where to look', async () => {
    const res = await runInProcess(['urls', 'list'], {
      sleep: noWait,
      env: { SHORTY_BASE_URL: 'http://127.0.0.1:9', SHORTY_API_KEY: sandbox.apiKey, SHORTY_RATE_LIMIT: '1000/60s' },
    });
    expectOneErrorLine(res, 5, /^shorty: connection refused: GET http:\/\/127\.0\.0\.1:9\/api\/urls/);
    expect(res.stderr).toMatch(/^hint: is the service up\? check the base URL/m);
  });

  test('a read whose connection breaks gets no such warning', async () => {
    await sandbox.admin.fault('reset');
    const res = await shorty(['urls', 'get', String(linkId)]);
    expectOneErrorLine(res, 5, /connection reset/);
    expect(res.stderr).not.toMatch(/may have carried it out/);
    await sandbox.admin.fault(null);
  });

  test('a POST is not retried even when one retry would have worked', async () => {
    await sandbox.admin.fault('html500', { count: 1 });
    const res = await shorty(['urls', 'add', 'https://example.com/no-retry']);
    expectOneErrorLine(res, 1, /HTTP 500/);
    expect(await sandbox.admin.stats()).toMatchObject({ requests: 1, links: 1 });
  });

  test('a timeout is not retried even when the retry would be fast', async () => {
    await sandbox.admin.fault('slow', { count: 1, delayMs: SLOW_DELAY_MS });
    const res = await shorty(['urls', 'get', String(linkId)], SLOW_TIMEOUT);
    expectOneErrorLine(res, 5, /timed out after 0\.2s/);
    expect(res.stderr).toMatch(/^hint: .*--timeout/m);
    expect(await settle(1)).toBe(1);
  });

  test('an import stops at a broken answer instead of sending every row into it', async () => {
    await sandbox.admin.fault('html404');
    const many = join(tempDir('shorty-faults-'), 'many.txt');
    writeFileSync(many, Array.from({ length: 40 }, (_, i) => `https://example.com/many/${i}`).join('\n'));
    const res = await shorty(['urls', 'import', many]);
    expectOneErrorLine(res, 1, /endpoint not found/);
    expect(res.stderr).toMatch(/stopped after \d+ of 40 rows/);
    // At most the rows already in flight when the first answer came back.
    expect((await sandbox.admin.stats()).requests).toBeLessThanOrEqual(4);
  });
});
