// The files of an import against other processes and kill -9: one import per journal at a time,
// and --failed-out is either the old file or the whole new one, never half of one.
import { linkSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, test } from 'vitest';
import { runCli, startCli, stdoutShows, tempDir } from '../helpers/cli.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

const dir = tempDir('shorty-import-files-');
let sandbox: StartedSandbox | undefined;

afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

function inputOf(name: string, lines: string[]): string {
  const path = join(dir, `${name}.txt`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const urls = (name: string, n: number) => Array.from({ length: n }, (_, i) => `https://${name}.example/${i + 1}`);

describe('one import per journal', () => {
  test("a second import on a journal in use is exit 2 naming the first one's pid; the links are made once", async () => {
    // The server paces too: the first import runs for a few seconds.
    sandbox = await startSandbox({ rateLimit: '3/1s' });
    const sb = sandbox;
    const input = inputOf('shared', urls('shared', 6));
    const journal = join(dir, 'shared.journal');
    const env = { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey };
    const args = ['urls', 'import', input, '--journal', journal, '--rate-limit', '3/1s', '-o', 'ndjson'];
    const first = startCli(args, { env });
    await stdoutShows(first.child, /"row":1,/);
    // The first run is stopped (SIGSTOP) while the second starts: it holds the journal then,
    // however long the second takes to start on this machine.
    first.child.kill('SIGSTOP');
    const second = await startCli(args, { env }).result;
    first.child.kill('SIGCONT');
    expect(second.exitCode).toBe(2);
    expect(second.stderr).toBe(
      `shorty: the journal ${journal} is in use by another run (process ${first.child.pid})\n` +
        `hint: wait for it to finish, or stop it; if it is not running any more, remove the folder ${journal}.lock\n`,
    );

    expect((await first.result).exitCode).toBe(0);
    expect((await sb.admin.stats()).links).toBe(6);
    // Released at the end: the next run may use the journal (and finds everything done).
    const third = await startCli(args, { env }).result;
    expect(third.exitCode).toBe(0);
    expect(
      third.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).status),
    ).toEqual(Array(6).fill('skipped'));
    expect((await sb.admin.stats()).links).toBe(6);
  });

  test('two runs through hard links in two folders, each with its own TMPDIR, are one run: the second is exit 2', async () => {
    // Processes of their own: the lock across processes, and their environments, are the subject.
    sandbox = await startSandbox({ rateLimit: '3/1s' });
    const sb = sandbox;
    // 15 rows at 3/s: the first run holds the journal for 5 s, long past the second's start.
    const input = inputOf('linked', urls('linked', 15));
    const journal = join(tempDir(), 'linked.journal');
    writeFileSync(journal, '');
    const elsewhere = join(tempDir(), 'other-name.journal');
    linkSync(journal, elsewhere);
    const configDir = tempDir('shorty-config-');
    const run = (path: string) =>
      startCli(['urls', 'import', input, '--journal', path, '--rate-limit', '3/1s', '-o', 'ndjson'], {
        configDir,
        env: { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey, TMPDIR: tempDir() },
      });
    const first = run(journal);
    await stdoutShows(first.child, /"row":1,/);

    const second = await run(elsewhere).result;
    expect(second.exitCode).toBe(2);
    expect(second.stderr).toContain(`is in use by another run (process ${first.child.pid})`);
    expect((await first.result).exitCode).toBe(0);
    expect((await sb.admin.stats()).links).toBe(15);
  });

  test('two runs through hard links, each with its own config folder, are one run: the second is exit 2', async () => {
    sandbox = await startSandbox();
    const sb = sandbox;
    const input = inputOf('two-configs', urls('two-configs', 4));
    const journal = join(tempDir(), 'linked.journal');
    writeFileSync(journal, '');
    const elsewhere = join(tempDir(), 'other-name.journal');
    linkSync(journal, elsewhere);
    const run = (path: string) =>
      startCli(['urls', 'import', input, '--journal', path, '-o', 'ndjson'], {
        configDir: tempDir('shorty-config-'),
        env: { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey },
      });
    const first = run(journal);
    await stdoutShows(first.child, /"row":1,/);
    // Stopped while the second starts: it holds the journal however long the second takes.
    first.child.kill('SIGSTOP');
    const second = await run(elsewhere).result;
    first.child.kill('SIGCONT');
    expect(second.stderr).toContain(`is in use by another run (process ${first.child.pid})`);
    expect(second.exitCode).toBe(2);
    expect((await first.result).exitCode).toBe(0);
    expect((await sb.admin.stats()).links).toBe(4);
  });

  test('the lock of an import killed with -9 is taken over by the next run', async () => {
    sandbox = await startSandbox({ rateLimit: '3/1s' });
    const sb = sandbox;
    // Custom aliases with --if-exists skip: a create sent but not journaled before the kill is
    // found again by its alias, so the count below depends on the lock alone.
    const rows = urls('killed', 6).map((url, i) => `${url},killed${i + 1}`);
    const path = join(dir, 'killed.csv');
    writeFileSync(path, `url,custom\n${rows.join('\n')}\n`);
    const input = path;
    const journal = join(dir, 'killed.journal');
    const env = { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey };
    const args = [
      'urls',
      'import',
      input,
      '--journal',
      journal,
      '--if-exists',
      'skip',
      '--rate-limit',
      '3/1s',
      '-o',
      'ndjson',
    ];
    const killed = startCli(args, { env });
    await stdoutShows(killed.child, /"row":2,/);
    killed.child.kill('SIGKILL');
    await killed.result;
    expect(JSON.parse(readFileSync(`${journal}.lock/owner`, 'utf8')).pid).toBe(killed.child.pid);

    const resumed = await startCli(args, { env }).result;
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect((await sb.admin.stats()).links).toBe(6);
  });
});

describe('a journal that is a pipe', () => {
  test('is refused with exit 2 before anything is read or sent (reading it would wait past Ctrl-C)', async () => {
    sandbox = await startSandbox();
    const fifo = join(dir, 'pipe.journal');
    await execa('mkfifo', [fifo]);
    const res = await startCli(['urls', 'import', inputOf('pipe', urls('pipe', 2)), '--journal', fifo], {
      env: { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey },
    }).result;
    expect(res).toMatchObject({
      exitCode: 2,
      stderr: `shorty: --journal ${fifo} is a pipe, not a file\nhint: a journal is read back when the import runs again: give it a file\n`,
    });
    expect((await sandbox.admin.stats()).links).toBe(0);
  });
});

describe('--failed-out and kill -9', () => {
  test('a run killed half-way leaves the old file as it was, and no half-written one in its place; the next run removes the temp file it left', async () => {
    sandbox = await startSandbox({ rateLimit: '3/1s' });
    const sb = sandbox;
    // Invalid rows first, so failed rows are written before the kill.
    const input = inputOf('crash', ['not a url', 'ftp://bad.example/', ...urls('crash', 6)]);
    const failedOut = join(dir, 'failed.csv');
    writeFileSync(failedOut, 'url,error\nhttps://from.last.run/,kept\n');
    const run = startCli(['urls', 'import', input, '--failed-out', failedOut, '--rate-limit', '3/1s', '-o', 'ndjson'], {
      env: { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey },
    });
    await stdoutShows(run.child, /"status":"ok"/);
    run.child.kill('SIGKILL');
    await run.result;
    expect(readFileSync(failedOut, 'utf8')).toBe('url,error\nhttps://from.last.run/,kept\n');
    // What the killed run wrote stays in its temp file beside it, private like the file would be.
    const temps = readdirSync(dir).filter((name) => name.startsWith('.failed.csv.') && name.endsWith('.tmp'));
    expect(temps).toHaveLength(1);
    expect(statSync(join(dir, temps[0])).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, temps[0]), 'utf8')).toMatch(/^url,row,error\nnot a url,\d+,/);

    // The next run on the file removes the temp file of the killed run, and only that one: the
    // temp file of a run still going (this process stands for it) and other files stay.
    const live = `.failed.csv.${process.pid}-l1ve.tmp`;
    const others = [live, '.failed.csv.tmp', '.failed.csv.12-x.tmp.keep', '.other.csv.1-a.tmp'];
    for (const name of others) writeFileSync(join(dir, name), 'not ours to remove\n');
    const again = await runCli(['urls', 'import', inputOf('again', ['still not a url']), '--failed-out', failedOut], {
      env: { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey },
    });
    expect(again.exitCode, again.stderr).toBe(1);
    expect(readFileSync(failedOut, 'utf8')).toMatch(/^url,row,error\nstill not a url,\d+,/);
    expect(
      readdirSync(dir)
        .filter((name) => name.startsWith('.'))
        .sort(),
    ).toEqual([...others].sort());
  });
});
