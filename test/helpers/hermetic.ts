// Where a test run may write: a HOME, XDG folders and a TMPDIR of its own, set in process.env so
// that main() in-process, os.homedir(), os.tmpdir() and every child process all see them. The
// run gets one (global-setup.ts) and each test file one inside it (per-file.ts).
import { existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative } from 'node:path';

const VARS = ['HOME', 'TMPDIR', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME'] as const;

/** Points HOME, XDG_* and TMPDIR into `root` (made as needed); returns a function that puts them back. */
export function redirectHome(root: string): () => void {
  const saved = VARS.map((name) => [name, process.env[name]] as const);
  const home = join(root, 'home');
  const dirs: Record<(typeof VARS)[number], string> = {
    HOME: home,
    TMPDIR: join(root, 'tmp'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
  };
  for (const name of VARS) {
    mkdirSync(dirs[name], { recursive: true, mode: 0o700 });
    process.env[name] = dirs[name];
  }
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/** The files and folders under `dir` (not following links), relative to it; none when it is absent. */
export function listTree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      found.push(relative(dir, child));
      if (lstatSync(child).isDirectory()) walk(child);
    }
  };
  walk(dir);
  return found;
}

/**
 * What shorty could write in a real home, with each entry's size and change time: compared
 * before and after a run, a difference is a test that escaped its own home.
 */
export function shortyFilesOfHome(home = homedir(), env: NodeJS.ProcessEnv = process.env): Map<string, string> {
  const roots = new Set([
    join(env.XDG_CONFIG_HOME || join(home, '.config'), 'shorty'),
    join(env.XDG_CACHE_HOME || join(home, '.cache'), 'shorty'),
    join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'shorty'),
    join(env.XDG_STATE_HOME || join(home, '.local', 'state'), 'shorty'),
    join(home, 'Library', 'Preferences', 'shorty'),
  ]);
  const files = new Map<string, string>();
  for (const root of roots) {
    for (const path of [root, ...listTree(root).map((entry) => join(root, entry))]) {
      if (!existsSync(path)) continue;
      const stat = lstatSync(path);
      files.set(path, `${stat.size}@${stat.ctimeMs}`);
    }
  }
  for (const name of existsSync(home) ? readdirSync(home) : []) {
    if (/shorty/i.test(name)) files.set(join(home, name), String(lstatSync(join(home, name)).ctimeMs));
  }
  return files;
}

/** The entries of `after` that are new or changed since `before`. */
export function changedSince(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([path, state]) => before.get(path) !== state).map(([path]) => path);
}
