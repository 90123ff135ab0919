// Folders and files that are not the user's alone (ssh's StrictModes): the config folder and
// everything shorty keeps under it are used only when they are the user's (or root's) and no
// other user may write them, nor a folder above them; shorty never writes through a link in its
// own folders; a FIFO or a device where a file should be is refused, never waited on.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rateStatePath } from '../../src/api/rate-store.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { startHostileServer } from '../helpers/hostile-server.js';
import { runInProcess } from '../helpers/in-process.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });
const uid = process.getuid!();
const asRoot = uid === 0;
/** `nobody` on most systems: a user other than the one running the tests. */
const OTHER_UID = 65534;
const NEEDS_ROOT = 'skipped unless run as root: giving a file to another user (chown) needs root';
if (!asRoot) console.warn(`private-files.test.ts: the cross-user tests are ${NEEDS_ROOT}`);

function writeConfig(dir: string, profiles: Record<string, Record<string, string>>, mode = 0o600): string {
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ profiles }), { mode });
  chmodSync(file, mode);
  return file;
}

/** A config folder (made `mode`) holding a config.json whose default profile points at `baseUrl`. */
function plantedConfigDir(baseUrl: string, mode: number): string {
  const dir = join(tempDir(), 'planted');
  mkdirSync(dir);
  writeConfig(dir, { default: { 'base-url': baseUrl } }, 0o666);
  chmodSync(dir, mode);
  return dir;
}

describe('a config folder that is not yours alone is refused before any request', () => {
  it.skipIf(!asRoot)(
    `~/.config/shorty as a link to another user's 0777 folder with a planted config.json: the key from SHORTY_API_KEY goes nowhere [${NEEDS_ROOT}]`,
    async () => {
      const recorder = await startHostileServer({ status: 200, body: { error: 0, data: { urls: [] } } });
      try {
        const planted = plantedConfigDir(recorder.url, 0o777);
        chownSync(planted, OTHER_UID, OTHER_UID);
        chownSync(join(planted, 'config.json'), OTHER_UID, OTHER_UID);
        const home = tempDir();
        mkdirSync(join(home, '.config'));
        symlinkSync(planted, join(home, '.config', 'shorty'));
        const res = await runInProcess(['urls', 'list'], {
          env: {
            SHORTY_CONFIG_DIR: undefined,
            XDG_CONFIG_HOME: join(home, '.config'),
            SHORTY_API_KEY: 'sk_victim_0123456789abcdef',
          },
        });
        expect(res.stderr).toBe(
          `shorty: the config folder ${join(home, '.config', 'shorty')} (a link to ${planted}) belongs to another user ` +
            `(uid ${OTHER_UID}, mode 0777), and shorty uses only what is yours: remove it (rm -r ${join(home, '.config', 'shorty')}), ` +
            `or if it is yours, chown ${uid} ${planted}\n`,
        );
        expect(res.exitCode).toBe(2);
        expect(recorder.requests).toEqual([]);
      } finally {
        await recorder.close();
      }
    },
  );

  it.skipIf(!asRoot)(
    `a config folder of another user: exit 2 naming it, its owner and mode [${NEEDS_ROOT}]`,
    async () => {
      const dir = tempDir();
      writeConfig(dir, {});
      chownSync(dir, OTHER_UID, OTHER_UID);
      const res = await runInProcess(['config', 'list'], { configDir: dir });
      expect(res).toMatchObject({ exitCode: 2, stdout: '' });
      expect(res.stderr).toBe(
        `shorty: the config folder ${dir} belongs to another user (uid ${OTHER_UID}, mode 0700), and shorty uses only ` +
          `what is yours: remove it (rm -r ${dir}), or if it is yours, chown 0 ${dir}\n`,
      );
    },
  );

  it.skipIf(!asRoot)(`a config file of another user: exit 2 [${NEEDS_ROOT}]`, async () => {
    const dir = tempDir();
    const file = writeConfig(dir, {});
    chownSync(file, OTHER_UID, OTHER_UID);
    const res = await runInProcess(['config', 'list'], { configDir: dir });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(
      new RegExp(`^shorty: the config file ${file} belongs to another user \\(uid ${OTHER_UID}, mode 0600\\)`),
    );
  });

  it.skipIf(!asRoot)(
    `a folder above it of another user: exit 2, and the fix is a folder of yours [${NEEDS_ROOT}]`,
    async () => {
      const above = join(tempDir(), 'theirs');
      const dir = join(above, 'shorty');
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeConfig(dir, {});
      chmodSync(above, 0o755);
      chownSync(above, OTHER_UID, OTHER_UID);
      const res = await runInProcess(['config', 'list'], { configDir: dir });
      expect(res.exitCode).toBe(2);
      expect(res.stderr).toBe(
        `shorty: the folder ${above} (above ${dir}) belongs to another user (uid ${OTHER_UID}, mode 0755), and shorty ` +
          "uses only what is yours: keep shorty's folder in a folder of yours (set SHORTY_CONFIG_DIR)\n",
      );
    },
  );

  it('a config folder others may write: exit 2 with the chmod that fixes it, and no request', async () => {
    await cli.sandbox.admin.reset();
    const dir = plantedConfigDir(cli.sandbox.baseUrl, 0o777);
    const res = await runInProcess(['urls', 'list'], { configDir: dir, env: { SHORTY_API_KEY: cli.sandbox.apiKey } });
    expect(res.stderr).toBe(
      `shorty: the config folder ${dir} may be written by other users (owner uid ${uid}, mode 0777): chmod go-w ${dir}\n`,
    );
    expect(res.exitCode).toBe(2);
    expect(await cli.sandbox.admin.requests()).toEqual([]);
    chmodSync(dir, 0o755);
    // The folder is fixed; the file is still writable by others.
    const file = join(dir, 'config.json');
    expect((await runInProcess(['config', 'list'], { configDir: dir })).stderr).toBe(
      `shorty: the config file ${file} may be written by other users (owner uid ${uid}, mode 0666): chmod go-w ${file}\n`,
    );
  });

  it('a folder above it others may write is refused; a sticky one (like /tmp) is not; the walk stops at the home folder', async () => {
    const top = tempDir();
    const above = join(top, 'shared');
    const dir = join(above, 'shorty');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeConfig(dir, { default: { output: 'json' } });
    chmodSync(above, 0o777);
    const loose = await runInProcess(['config', 'get', 'output'], { configDir: dir });
    expect(loose).toMatchObject({ exitCode: 2, stdout: '' });
    expect(loose.stderr).toBe(
      `shorty: the folder ${above} (above ${dir}) may be written by other users (owner uid ${uid}, mode 0777): chmod go-w ${above}\n`,
    );
    chmodSync(above, 0o1777);
    expect(await runInProcess(['config', 'get', 'output'], { configDir: dir })).toMatchObject({
      exitCode: 0,
      stdout: 'json\n',
    });
    chmodSync(above, 0o777);
    // A process of its own: the home folder is the process's (os.homedir() reads its environment).
    expect(await runCli(['config', 'get', 'output'], { configDir: dir, env: { HOME: above } })).toMatchObject({
      exitCode: 0,
      stdout: 'json\n',
    });
  });

  it('a folder shorty makes inside it (the rate-limit state) that others may write: exit 2, no request', async () => {
    await cli.sandbox.admin.reset();
    const dir = tempDir();
    mkdirSync(join(dir, 'ratelimit'), { mode: 0o700 });
    chmodSync(join(dir, 'ratelimit'), 0o757);
    const res = await cli.run(['urls', 'list'], { configDir: dir });
    expect(res.stderr).toBe(
      `shorty: shorty's folder ${join(dir, 'ratelimit')} may be written by other users (owner uid ${uid}, mode 0757): chmod go-w ${join(dir, 'ratelimit')}\n`,
    );
    expect(res.exitCode).toBe(2);
    expect(await cli.sandbox.admin.requests()).toEqual([]);
  });
});

describe('shorty never writes through a link in its own folders', () => {
  it('a link planted in ratelimit/: exit 2 naming it, before any request; the file it points at is untouched', async () => {
    await cli.sandbox.admin.reset();
    const dir = tempDir();
    const victim = join(tempDir(), 'victim.txt');
    writeFileSync(victim, 'precious\n');
    mkdirSync(join(dir, 'ratelimit'), { mode: 0o700 });
    const state = rateStatePath(dir, cli.sandbox.baseUrl, cli.sandbox.apiKey);
    symlinkSync(victim, state);
    const res = await cli.run(['urls', 'list'], { configDir: dir });
    expect(res.stderr).toBe(
      `shorty: the rate-limit state ${state} is a symbolic link, and shorty never writes through a link in its folders: remove it (rm ${state})\n`,
    );
    expect(res.exitCode).toBe(2);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(await cli.sandbox.admin.requests()).toEqual([]);
  });

  it('ratelimit/ itself a link: refused, nothing written where it points', async () => {
    const dir = tempDir();
    const elsewhere = tempDir();
    symlinkSync(elsewhere, join(dir, 'ratelimit'));
    const res = await cli.run(['urls', 'list'], { configDir: dir });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: shorty's folder .*ratelimit is a symbolic link, and shorty never follows one/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('config.json a link: read through to a file of yours, but never written through', async () => {
    const dir = tempDir();
    const real = writeConfig(tempDir(), { default: { output: 'json' } });
    symlinkSync(real, join(dir, 'config.json'));
    expect(await runInProcess(['config', 'get', 'output'], { configDir: dir })).toMatchObject({
      exitCode: 0,
      stdout: 'json\n',
    });
    const set = await runInProcess(['config', 'set', 'output', 'csv'], { configDir: dir });
    expect(set.exitCode).toBe(2);
    expect(set.stderr).toMatch(
      /^shorty: the config file .*config\.json is a symbolic link, and shorty never writes through a link/,
    );
    expect(JSON.parse(readFileSync(real, 'utf8')).profiles.default.output).toBe('json');
  });

  it('a link planted in the name cache: one warning, and the file it points at is untouched', async () => {
    const dir = tempDir();
    await cli.sandbox.api('POST', '/url/add', { url: 'https://example.com/cache-first', custom: `cf${Date.now()}` });
    expect((await cli.run(['urls', 'list', '-q'], { configDir: dir })).exitCode).toBe(0);
    const links = findFile(join(dir, 'cache'), 'links');
    const victim = join(tempDir(), 'victim.txt');
    writeFileSync(victim, 'precious\n');
    rmSync(links);
    symlinkSync(victim, links);
    await cli.sandbox.api('POST', '/url/add', { url: 'https://example.com/cache-link', custom: `cl${Date.now()}` });
    const res = await cli.run(['urls', 'list', '-q'], { configDir: dir });
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toMatch(
      /^warning: cannot write the name cache in .*: the name cache file .*links is a symbolic link/,
    );
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });
});

/** The first file called `name` under `dir`: the cache's layout is the cache's business. */
function findFile(dir: string, name: string): string {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.name === name && entry.isFile()) return join(entry.parentPath, name);
  throw new Error(`no ${name} under ${dir}`);
}

// The built CLI: what is tested is that the process ends (a read of a FIFO would block it for
// good, deaf to SIGINT and SIGTERM); in this process it would block the test runner instead.
describe('a FIFO or a device where a file should be is an error, never a wait', () => {
  it('a FIFO at config.json: exit 2 naming it', async () => {
    const dir = tempDir();
    const file = join(dir, 'config.json');
    execFileSync('mkfifo', [file]);
    const res = await runCli(['config', 'list'], { configDir: dir, timeout: 10_000 });
    expect(res.stderr).toBe(`shorty: the config file ${file} is a FIFO, not a file: remove it (rm ${file})\n`);
    expect(res.exitCode).toBe(2);
  });

  it('config.json a link to a device: exit 2, nothing read from it', async () => {
    const dir = tempDir();
    symlinkSync('/dev/zero', join(dir, 'config.json'));
    const res = await runCli(['config', 'list'], { configDir: dir, timeout: 10_000 });
    expect(res.stderr).toMatch(/^shorty: the config file .*config\.json is a device, not a file/);
    expect(res.exitCode).toBe(2);
  });

  it('a FIFO at the rate-limit state: exit 2 naming it, before any request', async () => {
    await cli.sandbox.admin.reset();
    const dir = tempDir();
    mkdirSync(join(dir, 'ratelimit'), { mode: 0o700 });
    const state = rateStatePath(dir, cli.sandbox.baseUrl, cli.sandbox.apiKey);
    execFileSync('mkfifo', [state]);
    const res = await runCli(['urls', 'list'], { configDir: dir, env: cli.env, timeout: 10_000 });
    expect(res.stderr).toBe(`shorty: the rate-limit state ${state} is a FIFO, not a file: remove it (rm ${state})\n`);
    expect(res.exitCode).toBe(2);
    expect(statSync(state).isFIFO()).toBe(true);
    expect(await cli.sandbox.admin.requests()).toEqual([]);
  });
});
