import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DoneIndex, loadJournal, openJournal, parseJournalLine } from '../../src/bulk/journal.js';
import { tempDir } from '../helpers/cli.js';

describe('parseJournalLine', () => {
  test.each([
    ['{"key":"k","status":"ok","row":1,"id":5}', { key: 'k', status: 'ok', row: 1, id: 5 }],
    ['{"key":"k","status":"ok","row":1,"id"', undefined],
    ['{"status":"ok"}', undefined],
    ['null', undefined],
    ['', undefined],
  ])('%j', (line, expected) => {
    expect(parseJournalLine(line)).toEqual(expected);
  });
});

describe('DoneIndex', () => {
  test('each record is handed out once, so identical rows are counted', () => {
    const done = new DoneIndex();
    done.add('k', { id: 1 });
    done.add('k', { id: 2 });
    expect(done.count('k')).toBe(2);
    expect(done.take('k')).toEqual({ id: 1 });
    expect(done.take('k')).toEqual({ id: 2 });
    expect(done.take('k')).toBeUndefined();
    expect(done.count('k')).toBe(0);
  });
});

describe('journal file', () => {
  test('a missing journal is empty', async () => {
    expect((await loadJournal(join(tempDir(), 'none'))).size).toBe(0);
  });

  test('appended records load back; only ok and skipped rows count as done', async () => {
    const path = join(tempDir(), 'j');
    const journal = await openJournal(path);
    await journal.append({ row: 1, key: 'a', status: 'ok', id: 1, shorturl: 'http://s/a' });
    await journal.append({ row: 2, key: 'b', status: 'error', error: 'x' });
    await journal.append({ row: 3, key: 'c', status: 'skipped', error: 'taken' });
    await journal.append({ row: 4, key: '', status: 'invalid', error: 'bad' });
    await journal.close();
    const done = await loadJournal(path);
    expect(done.size).toBe(2);
    expect(done.take('a')).toEqual({ id: 1, shorturl: 'http://s/a' });
    expect(done.count('b')).toBe(0);
    expect(done.count('c')).toBe(1);
  });

  test('a line torn by a crash is ignored and the next record starts on a new line', async () => {
    const path = join(tempDir(), 'j');
    writeFileSync(path, '{"row":1,"key":"a","status":"ok","id":1}\n{"row":2,"key":"b","sta');
    const journal = await openJournal(path);
    await journal.append({ row: 2, key: 'b', status: 'ok', id: 2 });
    await journal.close();
    expect(readFileSync(path, 'utf8').split('\n').at(-2)).toBe('{"row":2,"key":"b","status":"ok","id":2}');
    const done = await loadJournal(path);
    expect([done.count('a'), done.count('b')]).toEqual([1, 1]);
    appendFileSync(path, 'garbage\n');
    expect((await loadJournal(path)).size).toBe(2);
  });
});
