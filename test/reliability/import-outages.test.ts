// Long imports through outages: refused, reset, timed-out and 5xx/HTML answers are waited out
// (small backoffs through SHORTY_RETRY_BACKOFF), a create whose answer was lost is looked up
// before it is sent again, an intent left open by a crash is settled on resume, and a run stops
// with the command that continues it once --max-outage is past.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { linkBodyKey } from '../../src/bulk/engine/check/row-check.js';
import { keyFingerprint } from '../../src/bulk/engine/journal/journal-owner.js';
import { tempDir, type CliResult } from '../helpers/cli.js';
import { runInProcess, type InProcessOptions } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

const dir = tempDir('shorty-outages-');
let sandbox: StartedSandbox | undefined;

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

function fileOf(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** `n` rows of url,custom: every third row has a custom alias. */
function csvOf(name: string, n: number): { path: string; urls: string[] } {
  const urls = Array.from({ length: n }, (_, i) => `https://${name}.example/${i + 1}`);
  const rows = urls.map((u, i) => `${u},${i % 3 === 2 ? `${name}-${i + 1}` : ''}`);
  return { path: fileOf(`${name}.csv`, `url,custom\n${rows.join('\n')}\n`), urls };
}

function journalRecords(path: string): Record<string, any>[] {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((r) => r.journal === undefined); // the owner record (its server and key) names no row
}

async function links(sb: StartedSandbox): Promise<{ id: number; longurl: string; alias: string }[]> {
  return (await sb.api('GET', '/urls?limit=1000')).json.data.urls;
}

function shorty(sb: StartedSandbox, args: string[], opts: InProcessOptions = {}): Promise<CliResult> {
  return runInProcess(['urls', 'import', ...args, '--rate-limit', '1000/1s', '-o', 'ndjson'], {
    ...opts,
    env: {
      SHORTY_BASE_URL: sb.baseUrl,
      SHORTY_API_KEY: sb.apiKey,
      SHORTY_RETRY_BACKOFF: '2ms,20ms',
      SHORTY_TIMEOUT: '0.3',
      ...opts.env,
    },
  });
}

const rowsOf = (res: CliResult) =>
  res.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/** Exactly one link per URL, and nothing else. */
async function expectOneLinkEach(sb: StartedSandbox, urls: string[]): Promise<void> {
  expect((await links(sb)).map((l) => l.longurl).sort()).toEqual([...urls].sort());
}

describe('riding out faults', () => {
  const KINDS = ['drop', 'lost', 'reset', 'late', 'html500', 'html502', 'truncated', 'empty'] as const;

  test('every kind of fault, one after another: exit 0, one link per row', async () => {
    sandbox = await startSandbox();
    const { path, urls } = csvOf('each', 12);
    await sandbox.admin.fault([...KINDS], { count: KINDS.length, delayMs: 600 });
    const res = await shorty(sandbox, [path, '--journal', join(dir, 'each.journal')]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(rowsOf(res).map((r) => r.status)).toEqual(urls.map(() => 'ok'));
    await expectOneLinkEach(sandbox, urls);
    // Each wait is one line: what failed, and how long it waits.
    expect(res.stderr).toMatch(
      /^connection reset by the server: (POST|GET) \S+\/api\/url\S*; trying again in \d+ms \(failing for \d+ms, --max-outage 1h\)$/m,
    );
    // A fault may meet a create or a lookup (which the transport retries itself on a 5xx or a reset).
    expect(res.stderr).toMatch(/^request timed out after 0\.3s: (POST|GET) .*; trying again in/m);
    // The late answer is logged once it is written, after the run.
    const faulted = async () => (await sandbox!.admin.requests()).flatMap((r) => (r.fault ? [r.fault] : []));
    await until(async () => (await faulted()).length >= KINDS.length);
    expect((await faulted()).sort()).toEqual([...KINDS].sort());
  });

  test('faults on a seeded third of the requests, custom aliases and not: exit 0, one link per row', async () => {
    sandbox = await startSandbox();
    const { path, urls } = csvOf('mixed', 30);
    await sandbox.admin.fault([...KINDS], { rate: 0.3, seed: 7, delayMs: 600 });
    const res = await shorty(sandbox, [path, '--journal', join(dir, 'mixed.journal')]);
    await sandbox.admin.fault(null);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(rowsOf(res).map((r) => r.status)).toEqual(urls.map(() => 'ok'));
    // The lost answers were looked up, not sent blindly again.
    const lookups = (await sandbox.admin.requests()).filter((r) => r.method === 'GET');
    expect(lookups.some((r) => r.query.order === 'date')).toBe(true);
    await expectOneLinkEach(sandbox, urls);
  });

  test('a refused connection is waited out until the service is back, once the journal saw it answer', async () => {
    const first = await startSandbox();
    const { apiKey } = first;
    const port = Number(new URL(first.baseUrl).port);
    const journal = join(dir, 'refused.journal');
    const earlier = await shorty(first, [
      fileOf('refused-earlier.csv', 'url\nhttps://refused.example/0\n'),
      '--journal',
      journal,
    ]);
    expect(earlier.exitCode, earlier.stderr).toBe(0);
    await first.close();
    const { path, urls } = csvOf('refused', 3);
    let waits = 0;
    const res = await runInProcess(['urls', 'import', path, '--rate-limit', '1000/1s', '--journal', journal], {
      env: { SHORTY_BASE_URL: `http://127.0.0.1:${port}`, SHORTY_API_KEY: apiKey, SHORTY_RETRY_BACKOFF: '2ms,20ms' },
      // The service comes back during the third wait.
      sleep: async (ms, signal) => {
        waits += 1;
        if (waits === 3) sandbox = await startSandbox({ port, apiKey });
        await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20)));
        if (signal?.aborted) throw signal.reason;
      },
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr.match(/^connection refused: POST .*; trying again in/gm)?.length).toBeGreaterThanOrEqual(2);
    await expectOneLinkEach(sandbox!, urls);
  });

  test.each([
    [
      'a port nobody listens on',
      'refused',
      /^shorty: connection refused: POST http:\/\/127\.0\.0\.1:\d+\/api\/url\/add/m,
    ],
    ['a name under .invalid', 'invalid', /^shorty: .*no-such-host\.invalid/m],
  ])('a service never reached (%s) is no outage: exit 5 at once, nothing waited', async (_name, kind, line) => {
    const gone = await startSandbox();
    const port = Number(new URL(gone.baseUrl).port);
    await gone.close();
    const baseUrl = kind === 'refused' ? `http://127.0.0.1:${port}` : 'https://no-such-host.invalid';
    const journal = join(dir, `never-${kind}.journal`);
    const { path } = csvOf(`never-${kind}`, 3);
    const res = await runInProcess(['urls', 'import', path, '--journal', journal, '--rate-limit', '1000/1s'], {
      // The default waits (1 s, doubling, for an hour): a wait would show as "trying again".
      env: { SHORTY_BASE_URL: baseUrl, SHORTY_API_KEY: 'sk_never_reached_key' },
    });
    expect(res.exitCode, res.stderr).toBe(5);
    expect(res.stderr).toMatch(line);
    expect(res.stderr).not.toContain('trying again');
    expect(res.stderr).toMatch(/^0 ok, 3 errors in .*; stopped after 3 of 3 rows; run the same command again/m);
  });

  test('a service that stays down past --max-outage: stopped, with the command that continues; that command finishes', async () => {
    sandbox = await startSandbox();
    const { path, urls } = csvOf('down', 4);
    const journal = join(dir, 'down.journal');
    await sandbox.admin.fault('html500');
    const args = [path, '--journal', journal, '--max-outage', '50ms'];
    const res = await shorty(sandbox, args);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toMatch(
      /^shorty: the service kept failing for 50ms \(--max-outage\); last: the server answered HTTP 500/m,
    );
    const hint = /^hint: to continue: (.*)$/m.exec(res.stderr)?.[1];
    expect(hint).toBe(`shorty urls import ${args.join(' ')} --rate-limit 1000/1s -o ndjson`);
    // Consistent: each row in flight has its intent open (a 5xx may come after the work), no outcome.
    const records = journalRecords(journal);
    expect(records.length).toBeGreaterThan(0);
    expect(records.map((r) => r.status)).toEqual(records.map(() => 'sending'));
    // Each intent's tries, and when the last ended: an end bounds what a later lookup may adopt.
    const intents = new Set(records.map((r) => r.seq));
    expect(records.filter((r) => r.end !== undefined).length).toBeGreaterThanOrEqual(intents.size);
    expect(records[0]).toMatchObject({
      row: 2,
      url: urls[0],
      sent: { url: urls[0] },
      at: expect.any(Number),
      seq: expect.any(String),
    });

    await sandbox.admin.fault(null);
    const rerun = await shorty(sandbox, args);
    expect(rerun.exitCode, rerun.stderr).toBe(0);
    expect(rerun.stderr).toContain(
      `${intents.size} row${intents.size === 1 ? ' was' : 's were'} sent by the previous run without a recorded answer: 0 found on the server (journaled as adopted), ${intents.size} not created (sent again)`,
    );
    await expectOneLinkEach(sandbox, urls);
  });
});

describe('a lost answer makes no duplicate', () => {
  test.each([
    [
      'without an alias, the newest links are read (back to the send)',
      'https://lost.example/plain',
      '',
      { order: 'date', limit: '100', page: '1' },
    ],
    ['with an alias, the alias is looked up', 'https://lost.example/alias', 'lost-alias', { short: `/lost-alias` }],
  ] as [string, string, string, Record<string, string>][])('%s', async (_name, url, custom, query) => {
    sandbox = await startSandbox();
    const journal = join(dir, `lost-${custom || 'plain'}.journal`);
    await sandbox.admin.fault('lost', { count: 1 });
    const res = await shorty(sandbox, [
      fileOf(`lost-${custom}.csv`, `url,custom\n${url},${custom}\n`),
      '--journal',
      journal,
    ]);
    expect(res.exitCode, res.stderr).toBe(0);
    const requests = await sandbox.admin.requests();
    const [created] = await links(sandbox);
    expect(rowsOf(res)).toEqual([expect.objectContaining({ status: 'ok', id: created.id })]);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/url/add', 'GET /api/urls']);
    const lookup = requests[1].query;
    if (query.short) expect(lookup.short).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/lost-alias$/);
    else expect(lookup).toEqual(query);
    // The intent, the end of its try (no answer), and the link the lookup found: adopted, not seen made.
    expect(journalRecords(journal).map((r) => [r.status, r.id])).toEqual([
      ['sending', undefined],
      ['sending', undefined],
      ['adopted', created.id],
    ]);
    await expectOneLinkEach(sandbox, [url]);
  });

  test('a request dropped before the server saw it is looked up, not found, and sent again', async () => {
    sandbox = await startSandbox();
    await sandbox.admin.fault('drop', { count: 1 });
    const res = await shorty(sandbox, [fileOf('dropped.txt', 'https://dropped.example/1\n')]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect((await sandbox.admin.requests()).map((r) => r.method)).toEqual(['POST', 'GET', 'POST']);
    await expectOneLinkEach(sandbox, ['https://dropped.example/1']);
  });

  test('an identical link made before the send is not taken for the lost one, whatever our clock says', async () => {
    let serverSkew = -60_000;
    sandbox = await startSandbox({ now: () => Date.now() + serverSkew });
    const url = 'https://older.example/1';
    const older = (await sandbox.api('POST', '/url/add', { url })).json.id;
    serverSkew = 0;
    await sandbox.admin.reset();
    await sandbox.admin.fault('lost', { count: 1 });
    // Our clock runs 10 minutes ahead of the server's: its `Date` header tells by how much.
    const res = await shorty(sandbox, [fileOf('older.txt', `${url}\n`)], { now: () => Date.now() + 600_000 });
    expect(res.exitCode, res.stderr).toBe(0);
    const ours = (await links(sandbox)).filter((l) => l.longurl === url);
    expect(ours).toHaveLength(2);
    expect(rowsOf(res)[0].id).toBe(ours.find((l) => l.id !== older)!.id);
  });
});

describe('write-ahead intents', () => {
  /** The journal a run on the sandbox killed right after sending row 1 leaves: its account, an intent, no outcome. */
  function crashedJournal(name: string, url: string, at: number): string {
    const path = join(dir, `${name}.journal`);
    const key = linkBodyKey({ url });
    const salt = '0123456789abcdef0123456789abcdef';
    const owner = {
      journal: 'shorty',
      server: sandbox!.baseUrl,
      keyFingerprint: keyFingerprint(sandbox!.apiKey, salt),
      salt,
    };
    const intent = { row: 1, key, status: 'sending', url, seq: 'dead.1', sent: { url }, at };
    writeFileSync(path, `${JSON.stringify(owner)}\n${JSON.stringify(intent)}\n`);
    return path;
  }

  test('an intent whose link the server made is journaled adopted, and the row is not sent again', async () => {
    sandbox = await startSandbox();
    const url = 'https://crash.example/1';
    const journal = crashedJournal('crash-made', url, Date.now());
    const made = (await sandbox.api('POST', '/url/add', { url })).json.id;
    await sandbox.admin.reset();
    const res = await shorty(sandbox, [
      fileOf('crash-made.txt', `${url}\nhttps://crash.example/2\n`),
      '--journal',
      journal,
    ]);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain('1 row was sent by the previous run without a recorded answer: 1 found on the server');
    expect(
      (await sandbox.admin.requests()).map((r) => `${r.method} ${(r.body as { url?: string } | null)?.url ?? ''}`),
    ).toEqual(['GET ', 'POST https://crash.example/2']);
    expect(journalRecords(journal)[1]).toMatchObject({ status: 'adopted', id: made, seq: 'dead.1' });
    await expectOneLinkEach(sandbox, [url, 'https://crash.example/2']);
  });

  test('a link made 25 links before the resume is still found: the list is read back to the send', async () => {
    sandbox = await startSandbox();
    const url = 'https://crash.example/deep';
    const journal = crashedJournal('crash-deep', url, Date.now());
    const made = (await sandbox.api('POST', '/url/add', { url })).json.id;
    for (let i = 0; i < 25; i++) await sandbox.api('POST', '/url/add', { url: `https://busy.example/${i}` });
    await sandbox.admin.reset();
    const res = await shorty(sandbox, [fileOf('crash-deep.txt', `${url}\n`), '--journal', journal, '-y']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain('1 found on the server (journaled as adopted)');
    expect(rowsOf(res)).toEqual([expect.objectContaining({ status: 'skipped', id: made })]);
    expect((await sandbox.admin.requests()).filter((r) => r.method === 'POST')).toEqual([]);
  });

  test('a link with the URL added by hand after the send is not adopted, and undo leaves it', async () => {
    sandbox = await startSandbox({ flavor: 'v6' });
    const url = 'https://crash.example/hand';
    // The create never reached the server (the connection reset first), ten minutes ago.
    const journal = crashedJournal('crash-hand', url, Date.now() - 600_000);
    const byHand = (await sandbox.api('POST', '/url/add', { url })).json.id;
    const res = await shorty(sandbox, [fileOf('crash-hand.txt', `${url}\n`), '--journal', journal, '-y']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain('0 found on the server (journaled as adopted), 1 not created (sent again)');
    const [row] = rowsOf(res);
    expect(row).toMatchObject({ status: 'ok' });
    expect(Number(row.id)).not.toBe(Number(byHand));
    const undo = await shorty(sandbox, ['--undo', journal, '-y']);
    expect(undo.exitCode, undo.stderr).toBe(0);
    expect(undo.stdout).toBe(`✓ deleted ${row.id}\n`);
    expect((await links(sandbox)).map((l) => Number(l.id))).toEqual([Number(byHand)]);
  });

  test('two links that could be the lost one: not guessed, the row not sent again, said, and left open', async () => {
    sandbox = await startSandbox();
    const url = 'https://crash.example/twice';
    const journal = crashedJournal('crash-twice', url, Date.now());
    await sandbox.api('POST', '/url/add', { url });
    await sandbox.api('POST', '/url/add', { url });
    await sandbox.admin.reset();
    const res = await shorty(sandbox, [fileOf('crash-twice.txt', `${url}\n`), '--journal', journal, '-y']);
    expect(res.exitCode).toBe(1);
    // The plan before the first row and the summary after the last count the row alike: not done.
    expect(res.stderr).toMatch(/^1 row \(1 not found but may exist\), /m);
    expect(res.stderr).toMatch(/^0 ok, 1 error in /m);
    expect(res.stderr).toContain(
      '0 found on the server (journaled as adopted), 0 not created (sent again), 1 not found but may exist',
    );
    expect(rowsOf(res)).toEqual([
      expect.objectContaining({
        status: 'error',
        error: expect.stringMatching(/^not found, but it may exist: 2 links/),
      }),
    ]);
    expect((await sandbox.admin.requests()).filter((r) => r.method === 'POST')).toEqual([]);
    expect(journalRecords(journal).map((r) => r.status)).toEqual(['sending']);
  });

  test('a journal without intents (0.1.0 wrote outcomes only, and no account) is refused: exit 2, nothing sent', async () => {
    sandbox = await startSandbox();
    const path = fileOf('old.txt', 'https://old.example/1\nhttps://old.example/2\n');
    const journal = join(dir, 'old.journal');
    const first = await shorty(sandbox, [path, '--journal', journal]);
    expect(first.exitCode).toBe(0);
    // What an older version wrote: outcomes only.
    writeFileSync(
      journal,
      journalRecords(journal)
        .filter((r) => r.status === 'ok')
        .map((r) => {
          const { seq: _seq, ...old } = r;
          return `${JSON.stringify(old)}\n`;
        })
        .join(''),
    );
    await sandbox.admin.reset();
    const again = await shorty(sandbox, [path, '--journal', journal, '-y']);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toMatch(
      /^shorty: the journal .* was written by an older shorty, in a format this one does not read/,
    );
    expect(await sandbox.admin.requests()).toEqual([]);
    expect(await links(sandbox)).toHaveLength(2);
  });
});
