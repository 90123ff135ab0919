import { linkSync, mkdtempSync, openSync, closeSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { checkDistinctFiles } from '../../src/bulk/engine/read/distinct-files.js';

const dir = mkdtempSync(join(tmpdir(), 'shorty-distinct-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const input = join(dir, 'links.csv');
writeFileSync(input, 'url\nhttps://a.example\n');

const check = (...files: { role: string; path?: string; fd?: number }[]) => checkDistinctFiles(files);

describe('checkDistinctFiles', () => {
  test('three different files pass, existing or not', async () => {
    await expect(
      check(
        { role: 'the input', path: input },
        { role: '--journal', path: join(dir, 'j') },
        { role: '--failed-out', path: join(dir, 'f.csv') },
      ),
    ).resolves.toBeUndefined();
  });

  test('one file under two names is refused: same path, relative path, symlink, hard link', async () => {
    const link = join(dir, 'sym.csv');
    const hard = join(dir, 'hard.csv');
    symlinkSync(input, link);
    linkSync(input, hard);
    for (const other of [input, relative(process.cwd(), input), link, hard, `${dir}/./links.csv`]) {
      await expect(check({ role: 'the input', path: input }, { role: '--journal', path: other })).rejects.toThrow(
        `the input and --journal are the same file (${other})`,
      );
    }
  });

  test('a journal and --failed-out that do not exist yet still collide by path', async () => {
    const next = join(dir, 'new.out');
    await expect(
      check(
        { role: 'the input', path: input },
        { role: '--journal', path: next },
        { role: '--failed-out', path: next },
      ),
    ).rejects.toThrow(/--journal and --failed-out are the same file/);
  });

  test('stdin opened on the journal is refused; devices are never compared', async () => {
    const fd = openSync(input, 'r');
    try {
      await expect(check({ role: 'the input (stdin)', fd }, { role: '--journal', path: input })).rejects.toThrow(
        /the input \(stdin\) and --journal/,
      );
    } finally {
      closeSync(fd);
    }
    await expect(
      check({ role: '--journal', path: '/dev/null' }, { role: '--failed-out', path: '/dev/null' }),
    ).resolves.toBeUndefined();
  });
});
