// `urls import --undo JOURNAL`: deletes exactly the links the import created (never the rows
// skipped because their alias existed before), rides out faults, journals each deletion so an
// undo that stops resumes, and asks first.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, test } from 'vitest';
import { startCli, tempDir, type CliResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { runUndo } from '../../src/bulk/undo/run.js';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';

const dir = tempDir('shorty-undo-');
let sandbox: StartedSandbox | undefined;

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

function shorty(sb: StartedSandbox, args: string[]): Promise<CliResult> {
  return runInProcess(['urls', 'import', ...args, '--rate-limit', '1000/1s'], {
    env: { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey, SHORTY_RETRY_BACKOFF: '2ms,20ms' },
  });
}

async function linkIds(sb: StartedSandbox): Promise<number[]> {
  return (await sb.api('GET', '/urls?limit=1000')).json.data.urls
    .map((l: { id: number }) => l.id)
    .sort((a: number, b: number) => a - b);
}

const deletes = async (sb: StartedSandbox) => (await sb.admin.requests()).filter((r) => r.method === 'DELETE').length;

/**
 * An import of `n` rows into a sandbox that already holds one link outside the import and one
 * whose alias row 2 asks for (skipped with --if-exists skip). Returns the ids the import created.
 */
async function imported(name: string, n: number): Promise<{ journal: string; created: number[]; before: number[] }> {
  sandbox = await startSandbox();
  await sandbox.api('POST', '/url/add', { url: 'https://outside.example/' });
  await sandbox.api('POST', '/url/add', { url: 'https://taken.example/', custom: `${name}-taken` });
  const before = await linkIds(sandbox);
  const rows = Array.from({ length: n }, (_, i) =>
    i === 1 ? `https://taken.example/,${name}-taken` : `https://${name}.example/${i + 1},`,
  );
  const input = join(dir, `${name}.csv`);
  writeFileSync(input, `url,custom\n${rows.join('\n')}\n`);
  const journal = join(dir, `${name}.journal`);
  const res = await shorty(sandbox, [input, '--journal', journal, '--if-exists', 'skip']);
  expect(res.exitCode, res.stderr).toBe(0);
  const created = (await linkIds(sandbox)).filter((id) => !before.includes(id));
  expect(created).toHaveLength(n - 1);
  await sandbox.admin.reset();
  return { journal, created, before };
}

test('deletes exactly the links the import created, never the skipped or other ones; a second undo has nothing to do', async () => {
  const { journal, created, before } = await imported('exact', 6);
  const res = await shorty(sandbox!, ['--undo', journal, '-y']);
  expect(res.exitCode, res.stderr).toBe(0);
  expect(res.stdout.trim().split('\n').sort()).toEqual(created.map((id) => `✓ deleted ${id}`).sort());
  expect(res.stderr).toMatch(/^5 links to delete, /m);
  expect(res.stderr).toMatch(/^5 deleted, 0 already gone, 0 failed in /m);
  expect(await linkIds(sandbox!)).toEqual(before);
  expect(
    readFileSync(journal, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((r) => r.status === 'undone')
      .map((r) => r.id)
      .sort(),
  ).toEqual([...created].sort());

  const again = await shorty(sandbox!, ['--undo', journal, '-y']);
  expect(again.exitCode).toBe(0);
  expect(again.stdout).toBe('');
  expect(again.stderr).toMatch(/nothing to undo/);
  expect(await deletes(sandbox!)).toBe(5);
});

test('an undo stopped by an outage resumes where it stopped; a link already gone counts as done', async () => {
  const { journal, created, before } = await imported('resume', 9);
  // Someone deleted one of them meanwhile.
  await sandbox!.api('DELETE', `/url/${created[0]}/delete`);
  await sandbox!.admin.reset();
  await sandbox!.admin.fault('html500', { rate: 0.5, seed: 3 });
  const stopped = await shorty(sandbox!, ['--undo', journal, '-y', '--max-outage', '0']);
  expect(stopped.exitCode, stopped.stderr).toBe(1);
  expect(stopped.stderr).toMatch(
    /^hint: to continue: shorty urls import --undo \S+ -y --max-outage 0 --rate-limit 1000\/1s$/m,
  );
  const first = stopped.stdout.trim().split('\n').filter(Boolean);
  expect(first.length).toBeLessThan(8);

  await sandbox!.admin.fault(null);
  const resumed = await shorty(sandbox!, ['--undo', journal, '-y']);
  expect(resumed.exitCode, resumed.stderr).toBe(0);
  const lines = [...first, ...resumed.stdout.trim().split('\n')];
  expect(lines.sort()).toEqual(
    [
      `✓ ${created[0]} already gone (not in the account any more)`,
      ...created.slice(1).map((id) => `✓ deleted ${id}`),
    ].sort(),
  );
  expect(await linkIds(sandbox!)).toEqual(before);
});

test('a deletion whose answer was lost is tried again and reported deleted', async () => {
  const { journal, before } = await imported('lost', 3);
  // The list read passes; the first deletion's answer is lost (the seed decides which request).
  await sandbox!.admin.fault('lost', { rate: 0.5, seed: 2 });
  const res = await shorty(sandbox!, ['--undo', journal, '-y']);
  expect(res.exitCode, res.stderr).toBe(0);
  expect(
    res.stdout
      .trim()
      .split('\n')
      .every((l) => l.startsWith('✓ deleted ')),
  ).toBe(true);
  expect(res.stderr).toMatch(/^connection reset by the server: DELETE .*; trying again in/m);
  expect(await linkIds(sandbox!)).toEqual(before);
});

test('adopted links are counted as adopted: left, or deleted with --include-adopted', async () => {
  const { journal, created } = await imported('adopted', 4);
  // The journal's record of one link says it was found after a lost answer.
  const lines = readFileSync(journal, 'utf8').trim().split('\n');
  const marked = lines.map((line) => {
    const rec = JSON.parse(line);
    return rec.status === 'ok' && rec.id === created[0] ? JSON.stringify({ ...rec, status: 'adopted' }) : line;
  });
  writeFileSync(journal, `${marked.join('\n')}\n`);
  const left = await shorty(sandbox!, ['--undo', journal, '-y']);
  expect(left.exitCode, left.stderr).toBe(0);
  expect(left.stderr).toMatch(/^2 links to delete, /m);
  expect(left.stderr).toMatch(/^2 deleted, 0 already gone, 0 failed, 1 adopted left in /m);
  const included = await shorty(sandbox!, ['--undo', journal, '-y', '--include-adopted']);
  expect(included.exitCode, included.stderr).toBe(0);
  expect(included.stderr).toMatch(/^1 link to delete, /m);
  expect(included.stderr).toMatch(/^1 deleted \(1 adopted\), 0 already gone, 0 failed in /m);
});

test('an undo stopped part-way counts what is left against the links it said it would delete', async () => {
  const { journal, created } = await imported('planned', 7);
  await sandbox!.api('DELETE', `/url/${created[0]}/delete`);
  await sandbox!.admin.reset();
  await sandbox!.admin.fault('html500', { rate: 0.5, seed: 3 });
  const stopped = await shorty(sandbox!, ['--undo', journal, '-y', '--max-outage', '0']);
  expect(stopped.exitCode, stopped.stderr).toBe(1);
  expect(stopped.stderr).toMatch(/^5 links to delete, /m);
  const deleted = stopped.stdout.split('\n').filter((l) => l.startsWith('✓ deleted')).length;
  expect(stopped.stderr).toContain(`; ${5 - deleted} of 5 links not deleted`);
});

test('on a terminal the count and the time it takes are said before the question', async () => {
  const { journal } = await imported('asked', 3);
  const io = await createTestIO({ tty: true });
  const ctx = createContext({
    io,
    env: {
      SHORTY_BASE_URL: sandbox!.baseUrl,
      SHORTY_API_KEY: sandbox!.apiKey,
      SHORTY_RATE_LIMIT: '1000/60s',
      SHORTY_CONFIG_DIR: join(dir, 'asked-config'),
    },
    now: () => Date.now(),
    sleep: async () => {},
    signal: new AbortController().signal,
  });
  const asked: { question: string; said: string }[] = [];
  const confirm = async (question: string) => {
    asked.push({ question, said: io.err() });
    return false;
  };
  ctx.prompter = async () => ({ confirm, input: async () => '', password: async () => '' });
  await expect(runUndo(ctx, { journal })).rejects.toMatchObject({ exitCode: 1 });
  await ctx.close();
  expect(asked).toEqual([
    {
      question: expect.stringMatching(
        /^Delete the 2 links the import recorded in .* created\? This cannot be undone\.$/,
      ),
      said: expect.stringMatching(/^2 links to delete, .+\n$/m),
    },
  ]);
  expect(await deletes(sandbox!)).toBe(0);
});

test('without a terminal and without -y: exit 2, nothing deleted', async () => {
  const { journal, created, before } = await imported('ask', 3);
  const res = await shorty(sandbox!, ['--undo', journal]);
  expect(res.exitCode).toBe(2);
  expect(res.stderr).toMatch(/^shorty: refusing to delete without confirmation: pass -y/m);
  expect(await linkIds(sandbox!)).toEqual([...before, ...created].sort((a, b) => a - b));
  expect(await deletes(sandbox!)).toBe(0);
});

test('--undo with an input file is refused', async () => {
  sandbox = await startSandbox();
  const res = await shorty(sandbox, ['links.csv', '--undo', join(dir, 'none.journal')]);
  expect(res.exitCode).toBe(2);
  expect(res.stderr).toMatch(/^shorty: --undo works from the journal alone: leave out an input file/m);
});

describe('undo ends as import and sync do (the built CLI)', () => {
  const env = (sb: StartedSandbox) => ({ SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey });

  test('a reader that leaves stdout (| head -1): exit 1 with the command that continues', async () => {
    const { journal } = await imported('head', 7);
    const args = ['urls', 'import', '--undo', journal, '-y', '--rate-limit', '5/1s'];
    const { child, result } = startCli(args, { env: env(sandbox!) });
    await once(child.stdout!, 'data');
    child.stdout!.destroy();
    const res = await result;
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^shorty: stdout was closed; [1-5] of 6 links not deleted$/m);
    expect(res.stderr).toMatch(new RegExp(`^hint: to continue: shorty ${args.join(' ')}$`, 'm'));
  });

  test('SIGTERM: exit 143, the deletions done are journaled', async () => {
    const { journal } = await imported('term', 4);
    const { child, result } = startCli(['urls', 'import', '--undo', journal, '-y', '--rate-limit', '2/30s'], {
      env: env(sandbox!),
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/waiting \d+s for the rate limit/.test(stderr)) child.kill('SIGTERM');
    });
    const res = await result;
    expect(res.exitCode, res.stderr).toBe(143);
    expect(res.stderr).toMatch(
      /^terminated: 1 deleted, 0 already gone, 0 failed in .*; 2 of 3 links not deleted; run the same command again to continue$/m,
    );
    expect(readFileSync(journal, 'utf8').match(/"undone"/g)).toHaveLength(1);
  });
});

test("undo is paced as the import: right after it, on the server's own cap, no request meets the rate limit", async () => {
  sandbox = await startSandbox({ rateLimit: '5/1s' });
  const sb = sandbox;
  const configDir = tempDir('shorty-config-');
  const env = { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey };
  const journal = join(dir, 'paced.journal');
  const rows = Array.from({ length: 6 }, (_, i) => `https://paced.example/${i}`).join('\n');
  const run = (args: string[], input?: string) =>
    runInProcess(['urls', 'import', ...args, '--rate-limit', '5/1s'], { env, configDir, input });
  expect((await run(['-', '--journal', journal], `url\n${rows}\n`)).exitCode).toBe(0);
  const undo = await run(['--undo', journal, '-y']);
  expect(undo.exitCode, undo.stderr).toBe(0);
  const statuses = (await sb.admin.requests()).map((r) => r.status);
  expect(statuses).toHaveLength(13);
  expect(statuses.every((s) => s === 200)).toBe(true);
});
