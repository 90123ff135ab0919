import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

export type Finder = (name: string) => string | undefined;

/** A `which` over PATH (and PATHEXT on Windows): the path of an executable file, or undefined. */
export function pathFinder(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): Finder {
  const exts = platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';')] : [''];
  const runnable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  return (name) => {
    const dirs =
      isAbsolute(name) || name.includes('/')
        ? ['']
        : (env.PATH ?? '').split(platform === 'win32' ? ';' : delimiter).filter(Boolean);
    for (const dir of dirs) {
      for (const ext of exts) {
        const file = dir === '' ? name + ext : join(dir, name + ext);
        if (runnable(file)) return file;
      }
    }
    return undefined;
  };
}
