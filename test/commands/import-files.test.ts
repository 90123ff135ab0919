// The files of an import when the disk fights back: a journal write cut short by a full disk,
// --failed-out written whole and private, and paths that are folders or lead through a file.
import { chmodSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { FileCalls, OpenedFile } from '../../src/bulk/engine/journal/append-file.js';
import { tempDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

/**
 * The write seam: after `fillsAfter` writes to a journal, the disk fills up: the next write is cut
 * short half-way, and every later one fails with ENOSPC (never, when undefined).
 */
const disk = vi.hoisted(() => ({
  fillsAfter: undefined as number | undefined,
  writes: 0,
  openFails: undefined as string | undefined,
}));

vi.mock('../../src/bulk/engine/journal/append-file.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/bulk/engine/journal/append-file.js')>();
  const enospc = () =>
    Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
  const filling = (calls: FileCalls): FileCalls => ({
    ...calls,
    async write(bytes) {
      disk.writes += 1;
      if (disk.fillsAfter === undefined || disk.writes <= disk.fillsAfter) return calls.write(bytes);
      if (disk.writes > disk.fillsAfter + 1) throw enospc();
      return calls.write(bytes.subarray(0, Math.ceil(bytes.length / 2)));
    },
  });
  return {
    ...real,
    async openFileCalls(path: string, flags: 'a' | 'wx'): Promise<OpenedFile> {
      // `openFails`: the code the system answers an open with (a read-only disk, no permission).
      if (disk.openFails)
        throw Object.assign(new Error(`${disk.openFails}: open '${path}'`), {
          code: disk.openFails,
          syscall: 'open',
          path,
        });
      const opened = await real.openFileCalls(path, flags);
      return path.endsWith('.journal') ? { ...opened, calls: filling(opened.calls) } : opened;
    },
  };
});

const { sandbox, run } = useSandboxCli({ rateLimit: '100000/60s', resetData: true, inProcess: true });
const dir = tempDir('shorty-import-files-');

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const urls = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `https://${tag}.example/${i + 1}`);

beforeEach(() => {
  disk.fillsAfter = undefined;
  disk.writes = 0;
  disk.openFails = undefined;
});

describe('a journal on a disk that fills up', () => {
  test('the row whose record is cut short is not reported, the import stops, and the journal holds whole lines', async () => {
    const input = file('full.txt', `${urls(5, 'full').join('\n')}\n`);
    const journal = join(dir, 'full.journal');
    // The owner record, two rows (an intent and an outcome each), row 3's intent, then half of
    // its outcome. 7/1s: one row at a time.
    disk.fillsAfter = 6;
    const res = await run(['urls', 'import', input, '--journal', journal, '--rate-limit', '7/1s', '-o', 'ndjson']);

    expect(res.exitCode, res.stderr).toBe(1);
    const reported = res.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(reported.map((r) => [r.row, r.status])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
    ]);
    expect(res.stderr).toMatch(
      new RegExp(`^shorty: cannot write the journal ${journal}: no space left on the device \\(ENOSPC\\)$`, 'm'),
    );
    expect(res.stderr).toMatch(
      /^row 3 \(http:\/\/\S+\) was sent but its outcome is not in the journal: a rerun looks it up before sending it again$/m,
    );
    expect(res.stderr).not.toMatch(/unexpected error/);
    const lines = readFileSync(journal, 'utf8').split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((line) => [JSON.parse(line).row, JSON.parse(line).status])).toEqual([
      [undefined, undefined],
      [1, 'sending'],
      [1, 'ok'],
      [2, 'sending'],
      [2, 'ok'],
      [3, 'sending'],
    ]);
    // Rows 4 and 5 were never sent.
    expect((await sandbox.admin.stats()).links).toBe(3);
  });
});

describe('--failed-out', () => {
  test('replaces the file whole, mode 0600, even when it was readable by others', async () => {
    const input = file('fo.txt', 'https://ok.example/1\nnot a url\nftp://bad.example/\n');
    const failedOut = file('failed.csv', 'old contents\n');
    chmodSync(failedOut, 0o644);
    const res = await run(['urls', 'import', input, '--failed-out', failedOut]);
    expect(res.exitCode).toBe(1);
    expect(statSync(failedOut).mode & 0o777).toBe(0o600);
    expect(readFileSync(failedOut, 'utf8').split('\n')[0]).toBe('url,row,error');
    expect(readFileSync(failedOut, 'utf8').trim().split('\n')).toHaveLength(3);
  });

  test('through a symlink: the file it points to is replaced, the link stays', async () => {
    const real = file('real-failed.csv', 'old\n');
    const link = join(dir, 'link-failed.csv');
    symlinkSync(real, link);
    const res = await run(['urls', 'import', file('fo2.txt', 'not a url\n'), '--failed-out', link]);
    expect(res.exitCode).toBe(1);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toMatch(/^url,row,error\nnot a url,1,/);
  });
});

describe('paths shorty cannot use: one line with the path and a hint, exit 2, nothing sent', () => {
  const folder = join(dir, 'a-folder');
  const underFile = () => join(file('plain-file', 'x'), 'sub', 'name');
  mkdirSync(folder, { recursive: true });

  test.each([
    [
      '--journal a folder',
      () => ['--journal', folder],
      `cannot read the journal ${folder}: it is a folder (EISDIR)`,
      'give the path of a file',
    ],
    [
      '--failed-out a folder',
      () => ['--failed-out', folder],
      `cannot write --failed-out ${folder}: it is a folder (EISDIR)`,
      'give the path of a file',
    ],
    [
      '--journal under a file',
      () => ['--journal', underFile()],
      'a part of the path is not a folder (ENOTDIR)',
      'check the path',
    ],
    [
      '--failed-out under a file',
      () => ['--failed-out', underFile()],
      'a part of the path is not a folder (ENOTDIR)',
      'check the path',
    ],
    [
      'an input that is a symlink loop',
      () => {
        symlinkSync(join(dir, 'loop-b'), join(dir, 'loop-a'));
        symlinkSync(join(dir, 'loop-a'), join(dir, 'loop-b'));
        return [];
      },
      `cannot read ${join(dir, 'loop-a')}: too many symbolic links (ELOOP)`,
      'check the path',
      join(dir, 'loop-a'),
    ],
  ])('%s', async (_name, flags, message, hint, inputPath?: string) => {
    const extra = flags();
    const input = inputPath ?? file('paths.txt', 'https://paths.example/1\n');
    const res = await run(['urls', 'import', input, ...extra]);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(res.stderr).toContain(message);
    expect(res.stderr).toMatch(new RegExp(`^hint: ${hint}$`, 'm'));
    expect(res.stderr).not.toMatch(/unexpected error|EISDIR: illegal|ENOTDIR: not a directory/);
    expect((await sandbox.admin.stats()).links).toBe(0);
  });
});

describe('a journal or --failed-out the system refuses to open', () => {
  test.each([
    [
      '--journal',
      'EACCES',
      'cannot write the journal',
      'permission denied (EACCES)',
      'check the permissions of the file and of its folder',
    ],
    [
      '--journal',
      'EROFS',
      'cannot write the journal',
      'read-only file system (EROFS)',
      'choose a path on a writable disk',
    ],
    [
      '--failed-out',
      'EACCES',
      'cannot write --failed-out',
      'permission denied (EACCES)',
      'check the permissions of the file and of its folder',
    ],
    [
      '--failed-out',
      'ENOSPC',
      'cannot write --failed-out',
      'no space left on the device (ENOSPC)',
      'free some space, or choose a path on another disk',
    ],
  ])('%s, %s: one line with the path and a hint, exit 2, nothing sent', async (flag, code, what, reason, hint) => {
    disk.openFails = code;
    const path = join(dir, flag === '--journal' ? 'refused.journal' : 'refused.csv');
    const res = await run(['urls', 'import', file('refused.txt', 'https://refused.example/1\n'), flag, path]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(
      new RegExp(`^shorty: ${what} ${path}: ${reason.replace(/[()]/g, '\\$&')}\nhint: ${hint}\n$`, 'm'),
    );
    expect((await sandbox.admin.stats()).links).toBe(0);
  });
});
