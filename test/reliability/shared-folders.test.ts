// Shared folders as ssh treats them: in a folder others may write (a sticky, world-writable one
// such as /tmp), a link, FIFO or file another user put at the name of a journal or --failed-out
// is refused, never followed or opened; a FIFO where shorty keeps a lock (`<journal>.lock`,
// `ratelimit/<state>.lock`) is refused, never waited on; journals are made 0600; the copies
// aside that a write killed with -9 leaves of config.json are removed by the next write.
import { execFileSync } from 'node:child_process';
import { chmodSync, lchownSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rateStatePath } from '../../src/api/rate-store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });
const asRoot = process.getuid!() === 0;
/** `nobody` on most systems: a user other than the one running the tests. */
const OTHER_UID = 65534;
const NEEDS_ROOT = 'skipped unless run as root: giving a file to another user (chown) needs root';
if (!asRoot) console.warn(`shared-folders.test.ts: the cross-user tests are ${NEEDS_ROOT}`);

/** A folder as /tmp is: anyone may add names, only their owners may remove or rename them. */
function sharedFolder(): string {
  const dir = join(tempDir(), 'shared');
  mkdirSync(dir);
  chmodSync(dir, 0o1777);
  return dir;
}

/** A link at `path` to `target`, as another user would leave it. */
function plantedLink(path: string, target: string): void {
  symlinkSync(target, path);
  lchownSync(path, OTHER_UID, OTHER_UID);
}

function victimFile(): string {
  const victim = join(tempDir(), 'victim.txt');
  writeFileSync(victim, 'precious\n');
  return victim;
}

const input = () => {
  const file = join(tempDir(), 'links.txt');
  writeFileSync(file, 'https://example.com/a\nnot a url\n');
  return file;
};

describe('a name another user planted in a shared folder is not followed', () => {
  it.skipIf(!asRoot)(
    `--journal: a link to a file of theirs choosing is refused, nothing sent [${NEEDS_ROOT}]`,
    async () => {
      await cli.sandbox.admin.reset();
      const journal = join(sharedFolder(), 'run.journal');
      const victim = victimFile();
      plantedLink(journal, victim);
      const res = await cli.run(['urls', 'import', input(), '--journal', journal]);
      expect(res.stderr).toBe(
        `shorty: --journal ${journal} is a symbolic link of another user (uid ${OTHER_UID}) in ${join(journal, '..')}, ` +
          `a folder others may write: shorty does not follow or open it; choose a path in a folder of yours, or remove it (rm ${journal})\n`,
      );
      expect(res.exitCode).toBe(2);
      expect(readFileSync(victim, 'utf8')).toBe('precious\n');
      expect(await cli.sandbox.admin.requests()).toEqual([]);
    },
  );

  it.skipIf(!asRoot)(`--failed-out: a link is refused and its target left whole [${NEEDS_ROOT}]`, async () => {
    const failed = join(sharedFolder(), 'failed.csv');
    const victim = victimFile();
    plantedLink(failed, victim);
    const res = await cli.run(['urls', 'import', input(), '--failed-out', failed]);
    expect(res.stderr).toMatch(
      new RegExp(`^shorty: --failed-out ${failed} is a symbolic link of another user \\(uid ${OTHER_UID}\\)`),
    );
    expect(res.exitCode).toBe(2);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it("the user's own link in a shared folder is theirs to use", async () => {
    const folder = sharedFolder();
    const own = join(tempDir(), 'own.journal');
    symlinkSync(own, join(folder, 'run.journal'));
    const res = await cli.run(['urls', 'import', input(), '--journal', join(folder, 'run.journal'), '-q']);
    expect(res.exitCode).toBe(1);
    expect(readFileSync(own, 'utf8')).toContain('"status":"ok"');
  });

  // The built CLI: a FIFO opened for a write waits for a reader, deaf to SIGTERM; the run must end on its own.
  it.skipIf(!asRoot)(`--journal: another user's FIFO is refused, the run ends at once [${NEEDS_ROOT}]`, async () => {
    const journal = join(sharedFolder(), 'run.journal');
    execFileSync('mkfifo', [journal]);
    lchownSync(journal, OTHER_UID, OTHER_UID);
    const res = await runCli(['urls', 'import', input(), '--journal', journal], { env: cli.env, timeout: 20_000 });
    expect(res.stderr).toMatch(
      new RegExp(`^shorty: --journal ${journal} is a FIFO of another user \\(uid ${OTHER_UID}\\)`),
    );
    expect(res.exitCode).toBe(2);
  });
});

describe('a FIFO where shorty keeps a lock is refused, never waited on', () => {
  it('at <journal>.lock: exit 2 naming it', async () => {
    const journal = join(tempDir(), 'run.journal');
    execFileSync('mkfifo', [`${journal}.lock`]);
    const res = await runCli(['urls', 'import', input(), '--journal', journal], { env: cli.env, timeout: 20_000 });
    expect(res.stderr).toBe(
      `shorty: cannot lock the journal ${journal} (${journal}.lock): ${journal}.lock is a FIFO where shorty keeps a lock: ` +
        `remove it (rm ${journal}.lock)\n`,
    );
    expect(res.exitCode).toBe(2);
  });

  it('as the owner record inside <journal>.lock: the lock names no one, and the run says it is held', async () => {
    const journal = join(tempDir(), 'run.journal');
    mkdirSync(`${journal}.lock`);
    execFileSync('mkfifo', [join(`${journal}.lock`, 'owner')]);
    const res = await runCli(['urls', 'import', input(), '--journal', journal], { env: cli.env, timeout: 20_000 });
    expect(res.stderr).toBe(
      `shorty: the journal ${journal} is in use by another run (another process)\n` +
        `hint: wait for it to finish, or stop it; if it is not running any more, remove the folder ${journal}.lock\n`,
    );
    expect(res.exitCode).toBe(2);
  });

  it('at ratelimit/<state>.lock: exit 2 naming it, before any request', async () => {
    await cli.sandbox.admin.reset();
    const dir = tempDir();
    mkdirSync(join(dir, 'ratelimit'), { mode: 0o700 });
    const lock = `${rateStatePath(dir, cli.sandbox.baseUrl, cli.sandbox.apiKey)}.lock`;
    execFileSync('mkfifo', [lock]);
    const res = await runCli(['urls', 'list'], { configDir: dir, env: cli.env, timeout: 20_000 });
    expect(res.stderr).toMatch(
      new RegExp(
        `^shorty: cannot save the rate-limit state .*: ${lock} is a FIFO where shorty keeps a lock: remove it \\(rm ${lock}\\)\\n$`,
      ),
    );
    expect(res.exitCode).toBe(2);
    expect(await cli.sandbox.admin.requests()).toEqual([]);
  });
});

describe("the files shorty makes are the user's alone", () => {
  it('a journal is made 0600 (it names every link of the run)', async () => {
    const journal = join(tempDir(), 'run.journal');
    const res = await cli.run(['urls', 'import', input(), '--journal', journal, '-q']);
    expect(res.exitCode).toBe(1);
    expect(statSync(journal).mode & 0o777).toBe(0o600);
  });

  it('the next config write removes the copies aside a write killed with -9 left (each holds every key)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), '{"profiles":{}}', { mode: 0o600 });
    // write-file-atomic's copy aside, as a kill between its write and its rename leaves it.
    writeFileSync(join(dir, 'config.json.2718281828'), '{"profiles":{"default":{"api-key":"sk_left_behind_000000"}}}', {
      mode: 0o600,
    });
    writeFileSync(join(dir, 'config.json.notes'), 'not a copy of ours');
    const res = await runInProcess(['config', 'set', 'output', 'json'], { configDir: dir });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['config.json', 'config.json.notes']);
  });
});
