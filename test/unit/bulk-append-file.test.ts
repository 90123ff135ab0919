// The record files of an import (journal, --failed-out) on a disk that fills up: every write is
// checked, a record cut short is cut off again, and what a reader finds is whole records only.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  openFileCalls,
  recordFile,
  type FileCalls,
  type OpenedFile,
} from '../../src/bulk/engine/journal/append-file.js';
import { tempDir } from '../helpers/cli.js';

const enospc = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });

/** A disk with `free` bytes left: a write past them is cut short, the next one fails; truncating gives space back. */
function fillingDisk(opened: OpenedFile, free: number): OpenedFile & { setFree(n: number): void; syncs: number } {
  let left = free;
  let size = opened.size;
  const disk = {
    size: opened.size,
    syncs: 0,
    setFree: (n: number) => void (left = n),
    calls: {
      write: async (bytes) => {
        if (left <= 0) throw enospc();
        const taken = Math.min(left, bytes.length);
        const written = await opened.calls.write(bytes.subarray(0, taken));
        left -= written;
        size += written;
        return written;
      },
      sync: async () => {
        disk.syncs += 1;
        await opened.calls.sync();
      },
      truncate: async (length) => {
        left += size - length;
        size = length;
        await opened.calls.truncate(length);
      },
      close: () => opened.calls.close(),
    } satisfies FileCalls,
  };
  return disk;
}

describe('recordFile on a disk that fills up', () => {
  test('a record cut short is an error, is cut off again, and the next one starts clean', async () => {
    const path = join(tempDir(), 'records');
    writeFileSync(path, 'first\n');
    const disk = fillingDisk(await openFileCalls(path, 'a'), 10);
    const file = recordFile(disk, { sync: true });
    await file.append('second\n');
    // 3 bytes left: the system takes "thi", then refuses the rest.
    await expect(file.append('third record\n')).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readFileSync(path, 'utf8')).toBe('first\nsecond\n');
    disk.setFree(1000);
    await file.append('fourth\n');
    await file.close();
    expect(readFileSync(path, 'utf8')).toBe('first\nsecond\nfourth\n');
  });

  test('a write the system cuts short for no lasting reason goes on with the rest', async () => {
    const path = join(tempDir(), 'records');
    const opened = await openFileCalls(path, 'wx');
    let writes = 0;
    const halves: OpenedFile = {
      size: 0,
      calls: {
        ...opened.calls,
        write: (bytes) =>
          opened.calls
            .write(bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2))))
            .finally(() => void (writes += 1)),
      },
    };
    const file = recordFile(halves, { sync: false });
    await file.append('{"row":1}\n');
    await file.close();
    expect(readFileSync(path, 'utf8')).toBe('{"row":1}\n');
    expect(writes).toBeGreaterThan(1);
  });

  test('with sync, an append resolves only after the record was synced; a failed sync fails it', async () => {
    const path = join(tempDir(), 'records');
    const disk = fillingDisk(await openFileCalls(path, 'wx'), 1000);
    const file = recordFile(disk, { sync: true });
    await file.append('a\n');
    expect(disk.syncs).toBe(1);
    await file.append('b\n');
    expect(disk.syncs).toBe(2);
    disk.calls.sync = async () => {
      throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO', syscall: 'fdatasync' });
    };
    await expect(file.append('c\n')).rejects.toMatchObject({ code: 'EIO' });
    await disk.calls.close();
  });

  test('when the torn bytes cannot be cut off, the next record starts on a line of its own', async () => {
    const path = join(tempDir(), 'records');
    const disk = fillingDisk(await openFileCalls(path, 'wx'), 4);
    disk.calls.truncate = async () => {
      throw Object.assign(new Error('EIO'), { code: 'EIO', syscall: 'ftruncate' });
    };
    const file = recordFile(disk, { sync: false });
    await expect(file.append('{"row":1}\n')).rejects.toMatchObject({ code: 'ENOSPC' });
    disk.setFree(1000);
    await file.append('{"row":2}\n');
    await file.close();
    expect(readFileSync(path, 'utf8')).toBe('{"ro\n{"row":2}\n');
  });
});
