import { execa } from 'execa';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { startProxy } from '../helpers/network.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  man: string[];
  scripts: Record<string, string>;
  repository?: unknown;
  homepage?: string;
  bugs?: unknown;
  keywords?: string[];
  license?: string;
};

/** The bytes of every file under `dir`, following no links. */
function treeSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** The packages installed under a node_modules folder (scoped ones by their full name). */
function packagesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(dir, name)).map((sub) => `${name}/${sub}`) : [name]));
}

/** An environment with no npm settings from the project and no SHORTY_* from the shell. */
function cleanEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('SHORTY_') && !k.startsWith('npm_')) env[k] = v;
  }
  // npm on Node 22+ keeps a compile cache of its own in the temp folder: not ours to leave there.
  return { ...env, NODE_DISABLE_COMPILE_CACHE: '1', ...extra };
}

/** For the installed CLI's requests to the local sandbox: no proxy of the shell on the way. */
function clientEnv(extra: Record<string, string>): Record<string, string | undefined> {
  const env = cleanEnv(extra);
  for (const k of Object.keys(env)) if (/^(https?|all|no)_proxy$/i.test(k)) delete env[k];
  return env;
}

describe('the packed tarball', () => {
  let files: string[] = [];
  let shorty = '';
  let manDir = '';
  let installOutput = '';

  beforeAll(async () => {
    const dir = tempDir('shorty-pack-');
    // dist/ is already built by the test setup; --ignore-scripts keeps pack from rebuilding it
    // under the feet of the other test files.
    const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: ROOT,
      env: cleanEnv(),
    });
    const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    files = info.files.map((f) => f.path);
    const prefix = join(dir, 'prefix');
    // Only the runtime dependencies are installed: a dev dependency needed at run time fails here.
    const installed = await execa(
      'npm',
      [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        join(dir, info.filename),
      ],
      {
        cwd: dir,
        env: cleanEnv(),
        all: true,
      },
    );
    installOutput = installed.all ?? '';
    shorty = join(prefix, 'bin', 'shorty');
    manDir = join(prefix, 'share', 'man');
  });

  it('installs lean: the keyring binding and its platform binary beside it, under 6 MB, nothing run at install', () => {
    const modules = join(shorty, '..', '..', 'lib', 'node_modules', 'shorty-cli', 'node_modules');
    const beside = packagesIn(modules);
    expect(beside).toContain('@napi-rs/keyring');
    expect(beside.length).toBeLessThanOrEqual(5);
    expect(treeSize(modules)).toBeLessThan(6 * 1024 * 1024);
    expect(installOutput).not.toMatch(/install.?scripts?/i);
    expect(Object.keys(pkg.scripts)).not.toEqual(expect.arrayContaining(['prepare']));
    expect(Object.keys(pkg.scripts).filter((s) => /^(pre|post)?install$/.test(s))).toEqual([]);
  });

  it('carries what a registry shows and the licences of the bundled code, and no source map', () => {
    expect(pkg).toMatchObject({ license: 'MIT', homepage: expect.stringMatching(/^https:\/\//) });
    expect(pkg.repository).toBeDefined();
    expect(pkg.bugs).toBeDefined();
    expect(pkg.keywords?.length).toBeGreaterThan(0);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    // Nor the single executable, when one was built (`npm run build:binary`).
    expect(files.filter((f) => /^dist\/(shorty$|shorty\.|binary\/)/.test(f) && f !== 'dist/shorty.cjs')).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'dist/THIRD-PARTY-LICENSES']));
    const licences = readFileSync(join(ROOT, 'dist', 'THIRD-PARTY-LICENSES'), 'utf8');
    for (const bundled of ['commander@', 'zod@', '@modelcontextprotocol/sdk@', 'csv-parse@', 'ioredis@']) {
      expect(licences).toContain(`\n${bundled}`);
    }
  });

  it('installs the man pages where man finds them (man shorty-urls-import)', () => {
    expect(readdirSync(join(manDir, 'man1'))).toEqual(expect.arrayContaining(['shorty.1', 'shorty-urls-import.1']));
    expect(readdirSync(join(manDir, 'man7'))).toContain('shorty-help-environment.7');
  });

  it('holds the entry, the bundle and the completions, and no sources or tests', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/shorty.js',
        'bin/package.json',
        'dist/shorty.cjs',
        'dist/cli.cjs',
        'dist/commands.cjs',
        'dist/mcp-sdk.cjs',
        'dist/mcp-tools.json',
        'package.json',
        'completions/shorty.bash',
        'completions/_shorty',
        'completions/shorty.fish',
        'man/shorty.1',
        'man/shorty-urls-import.1',
        'man/shorty-help-exit-codes.7',
      ]),
    );
    // Every page package.json's man field names is in the tarball (npm would fail the install).
    expect(files).toEqual(expect.arrayContaining(pkg.man.map((page) => page.replace(/^\.\//, ''))));
    expect(files.filter((f) => /^(src|test|bench|scripts)\//.test(f))).toEqual([]);
  });

  it('installs globally and runs --version and --help', async () => {
    const env = cleanEnv({ SHORTY_CONFIG_DIR: tempDir() });
    const version = await execa(shorty, ['--version'], { env, extendEnv: false });
    expect(version.stdout).toBe(pkg.version);
    const help = await execa(shorty, ['--help'], { env, extendEnv: false });
    expect(help.stdout).toContain('Usage: shorty');
    expect(help.stdout).toContain('completion');
    expect(readdirSync(join(shorty, '..', '..', 'lib', 'node_modules', 'shorty-cli', 'node_modules'))).not.toContain(
      'esbuild',
    );
  });

  it('runs `shorty sandbox`, answers requests from `shorty urls`, and stops cleanly on Ctrl-C', async () => {
    const child = execa(shorty, ['sandbox', '--port', '0'], {
      env: cleanEnv({ SHORTY_CONFIG_DIR: tempDir() }),
      extendEnv: false,
      reject: false,
    });
    const lines: string[] = [];
    for await (const line of createInterface({ input: child.stdout! })) {
      lines.push(line);
      if (lines.length === 2) break;
    }
    expect(lines[0]).toMatch(/^SHORTY_BASE_URL=http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[1]).toMatch(/^SHORTY_API_KEY=\S{8,}$/);
    const url = lines[0].split('=')[1];
    const res = await fetch(`${url}/api/account`, { headers: { authorization: `Bearer ${lines[1].split('=')[1]}` } });
    expect(res.status).toBe(200);
    // Requests from the installed copy.
    const env = clientEnv({
      SHORTY_CONFIG_DIR: tempDir(),
      SHORTY_BASE_URL: url,
      SHORTY_API_KEY: lines[1].split('=')[1],
    });
    const added = await execa(shorty, ['urls', 'add', 'https://example.com/packed', '-q'], { env, extendEnv: false });
    expect(added.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\w+$/);
    // Through a proxy: the proxy code is a dependency of the package, not of this repository.
    const proxy = await startProxy();
    try {
      const listed = await execa(shorty, ['urls', 'list', '-q'], {
        env: { ...env, HTTP_PROXY: proxy.url },
        extendEnv: false,
      });
      expect(listed.stdout.split('\n')).toContain(added.stdout);
      expect(proxy.forwarded).toEqual([`${url}/api/urls`]);
    } finally {
      await proxy.close();
    }
    // The CSV writer is bundled in a file of its own, loaded at first use.
    const csv = await execa(shorty, ['urls', 'list', '-o', 'csv'], { env, extendEnv: false });
    expect(csv.stdout).toContain('https://example.com/packed');
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode).toBe(0);
  });
});
