// stdout that fails: a full disk (/dev/full) or a reader that leaves (`| head`). One line, the
// right exit code, never a stack trace; an import stops sending, journals what was in flight, and
// says how many rows were not sent and the command that continues.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, test } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

const dir = tempDir('shorty-output-');
let sandbox: StartedSandbox | undefined;

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

function envOf(sb: StartedSandbox, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SHORTY_BASE_URL: sb.baseUrl,
    SHORTY_API_KEY: sb.apiKey,
    SHORTY_CONFIG_DIR: tempDir(),
    ...extra,
  };
}

function inputOf(name: string, n: number): string {
  const path = join(dir, `${name}.txt`);
  writeFileSync(path, `${Array.from({ length: n }, (_, i) => `https://${name}.example/${i + 1}`).join('\n')}\n`);
  return path;
}

/** Collects a child's stderr and waits for its exit. */
async function finished(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

/** Runs the built CLI with stdout on /dev/full: every write fails with ENOSPC. */
async function toFullDisk(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  const full = openSync('/dev/full', 'w');
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', full, 'pipe'] });
  closeSync(full);
  return finished(child);
}

/** The outcomes: each create's intent (`sending`) comes before its outcome. */
const journalRecords = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { status: string; url: string })
    .filter((r) => r.status !== undefined && r.status !== 'sending');

describe('stdout on a full disk (/dev/full)', () => {
  test.each([[['urls', 'list']], [['urls', 'export']], [['--help']], [['urls', 'import', '--help']], [['--version']]])(
    'shorty %j: one line, exit 1',
    async (args) => {
      sandbox = await startSandbox();
      const res = await toFullDisk(args, envOf(sandbox));
      expect(res).toEqual({
        code: 1,
        stderr: 'shorty: cannot write to stdout: no space left on the device (ENOSPC)\n',
      });
    },
  );

  test('urls import: stops, journals what it sent, says how many rows were not sent; exit 1', async () => {
    // The server paces at the client's cap too: its headers must not let the client run ahead.
    sandbox = await startSandbox({ rateLimit: '5/1s' });
    const journal = join(dir, 'full.journal');
    const res = await toFullDisk(
      ['urls', 'import', inputOf('full', 20), '--journal', journal, '--rate-limit', '5/1s'],
      envOf(sandbox),
    );
    expect(res.code).toBe(1);
    expect(res.stderr).not.toMatch(/^\s+at /m);
    const sent = journalRecords(journal);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThan(20);
    expect((await sandbox.admin.stats()).links).toBe(sent.length);
    expect(res.stderr).toMatch(
      new RegExp(
        `^shorty: cannot write to stdout: no space left on the device \\(ENOSPC\\); ${20 - sent.length} of 20 rows not sent, ${sent.length} finished but not shown \\(they are in the journal\\)$`,
        'm',
      ),
    );
  });
});

describe('stdout whose reader leaves early (| head)', () => {
  test('urls import: no new rows are sent, the rest is announced with the exact command that continues it', async () => {
    sandbox = await startSandbox({ rateLimit: '5/1s' });
    const sb = sandbox;
    const input = inputOf('head', 20);
    const journal = join(dir, 'head.journal');
    // 5/1s (the server's cap too): four seconds for the whole input, one row at a time; the
    // reader leaves after the first.
    const args = ['urls', 'import', input, '--journal', journal, '--rate-limit', '5/1s', '-o', 'ndjson'];
    const env = envOf(sb);
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const result = finished(child);
    await once(child.stdout!, 'data');
    child.stdout!.destroy(); // `| head -1`
    const res = await result;

    expect(res.code).toBe(1);
    const sent = journalRecords(journal);
    expect(sent.every((r) => r.status === 'ok')).toBe(true);
    expect((await sb.admin.stats()).links).toBe(sent.length);
    expect(sent.length).toBeLessThan(20);
    expect(res.stderr).toMatch(new RegExp(`^shorty: stdout was closed; ${20 - sent.length} of 20 rows not sent`, 'm'));
    const hint = /^hint: to continue: (.*)$/m.exec(res.stderr)?.[1];
    expect(hint).toBe(`shorty ${args.join(' ')}`);

    // The command, as a shell runs it, creates exactly the rest.
    const rerun = await execa('sh', ['-c', `shorty() { "${process.execPath}" "${BIN}" "$@"; }; ${hint}`], {
      env,
      extendEnv: false,
      reject: false,
    });
    expect(rerun.exitCode, rerun.stderr).toBe(0);
    expect((await sb.admin.stats()).links).toBe(20);
    expect(
      journalRecords(journal)
        .map((r) => r.url)
        .sort(),
    ).toEqual(readFileSync(input, 'utf8').trim().split('\n').sort());
  });

  test('urls import without --journal says that a rerun sends every row again', async () => {
    sandbox = await startSandbox({ rateLimit: '5/1s' });
    const child = spawn(process.execPath, [BIN, 'urls', 'import', inputOf('nojournal', 30), '--rate-limit', '5/1s'], {
      env: envOf(sandbox),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const result = finished(child);
    await once(child.stdout!, 'data');
    child.stdout!.destroy();
    const res = await result;
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/^shorty: stdout was closed; \d+ of 30 rows not sent/m);
    expect(res.stderr).toMatch(
      /^hint: a rerun without --journal sends all 30 rows again; add --journal FILE to make an import resumable$/m,
    );
    expect((await sandbox.admin.stats()).links).toBeLessThan(30);
  });
});
