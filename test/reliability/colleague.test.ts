// A colleague's link is never taken for the run's: a link a lookup finds after a lost answer (by
// its URL and date alone) is adopted only if it was made while the row was on the wire, and even
// then it is journaled `adopted`, counted apart, and left by --undo unless --include-adopted.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { Host } from '../../src/context.js';
import { tempDir, type CliResult } from '../helpers/cli.js';
import { runInProcess, type InProcessOptions } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

const dir = tempDir('shorty-colleague-');
let sandbox: StartedSandbox | undefined;

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

function shorty(sb: StartedSandbox, args: string[], opts: InProcessOptions = {}): Promise<CliResult> {
  return runInProcess(['urls', 'import', ...args, '--rate-limit', '1000/1s'], {
    ...opts,
    env: {
      SHORTY_BASE_URL: sb.baseUrl,
      SHORTY_API_KEY: sb.apiKey,
      SHORTY_RETRY_BACKOFF: '2ms,20ms',
      // The default timeout: a try's end, not the timeout, must bound what a lookup takes.
      SHORTY_TIMEOUT: '30',
    },
  });
}

const statuses = (journal: string) =>
  readFileSync(journal, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((r) => r.journal === undefined)
    .map((r) => r.status);

async function linkIds(sb: StartedSandbox): Promise<number[]> {
  return (await sb.api('GET', '/urls?limit=1000')).json.data.urls.map((l: { id: number }) => l.id);
}

test("a colleague's link made 7 s after a run gave up is not the run's: undo finds nothing and leaves it", async () => {
  sandbox = await startSandbox();
  const sb = sandbox;
  const url = 'https://colleague.example/after';
  const input = join(dir, 'after.txt');
  writeFileSync(input, `${url}\n`);
  const journal = join(dir, 'after.journal');
  await sb.admin.fault('drop');
  // The import ran 7 s ago by this machine's clock: every request dropped, until --max-outage.
  const gaveUp = await shorty(sb, [input, '--journal', journal, '--max-outage', '500ms'], {
    now: () => Date.now() - 7_000,
  });
  expect(gaveUp.exitCode).not.toBe(0);
  expect(new Set(statuses(journal))).toEqual(new Set(['sending']));
  await sb.admin.fault(null);
  const colleague = (await sb.api('POST', '/url/add', { url })).json.id;

  const undo = await shorty(sb, ['--undo', journal, '-y']);
  expect(undo.exitCode, undo.stderr).toBe(0);
  expect(undo.stderr).toContain('0 found on the server (journaled as adopted), 1 not created (sent again)');
  expect(undo.stdout).toBe('');
  expect(await linkIds(sb)).toContain(colleague);
});

test("a colleague's link made while the answer was lost is adopted, not owned: undo leaves it unless --include-adopted", async () => {
  sandbox = await startSandbox();
  const sb = sandbox;
  const url = 'https://colleague.example/during';
  const input = join(dir, 'during.txt');
  writeFileSync(input, `${url}\n`);
  const journal = join(dir, 'during.journal');
  const before = await linkIds(sb);
  // The create meets an empty answer (the server did nothing); while the run waits to look it
  // up, the colleague adds the same URL by hand.
  await sb.admin.fault('empty', { count: 1 });
  let colleague: number | undefined;
  const sleep: Host['sleep'] = async () => {
    colleague ??= (await sb.api('POST', '/url/add', { url })).json.id;
  };
  const res = await shorty(sb, [input, '--journal', journal, '-o', 'ndjson'], { sleep });
  expect(res.exitCode, res.stderr).toBe(0);
  expect(colleague).toBeDefined();
  expect(JSON.parse(res.stdout)).toMatchObject({ status: 'ok', id: colleague });
  expect(res.stderr).toMatch(/^0 ok, 1 adopted \(found after a lost answer; --undo leaves them\) in /m);
  expect(statuses(journal)).toEqual(['sending', 'sending', 'adopted']);

  const undo = await shorty(sb, ['--undo', journal, '-y']);
  expect(undo.exitCode, undo.stderr).toBe(0);
  expect(undo.stderr).toContain(
    `1 adopted link (found after a lost answer; someone else may have made it) left: ${colleague} (`,
  );
  expect(undo.stderr).toContain('--include-adopted deletes it too');
  expect(undo.stdout).toBe('');
  expect(await linkIds(sb)).toContain(colleague);

  // Asked for: named before anything is deleted, then deleted (-y, no terminal).
  const all = await shorty(sb, ['--undo', journal, '--include-adopted', '-y']);
  expect(all.exitCode, all.stderr).toBe(0);
  expect(all.stderr).toContain(
    `1 adopted link (found after a lost answer; someone else may have made it) to delete too: ${colleague} (`,
  );
  expect(all.stdout).toBe(`✓ deleted ${colleague}\n`);
  expect((await linkIds(sb)).sort()).toEqual(before.sort());
});

test('--include-adopted without --undo is exit 2 before any request', async () => {
  sandbox = await startSandbox();
  const input = join(dir, 'alone.txt');
  writeFileSync(input, 'https://colleague.example/alone\n');
  const res = await shorty(sandbox, [input, '--include-adopted']);
  expect(res.exitCode).toBe(2);
  expect(res.stderr).toMatch(/^shorty: --include-adopted goes with --undo JOURNAL\n/);
  expect(await sandbox.admin.requests()).toEqual([]);
});
