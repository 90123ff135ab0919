import { spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  DoneIndex,
  loadJournal,
  openJournal,
  parseJournalLine,
  readJournal,
} from '../../src/bulk/engine/journal/journal.js';
import { lockJournal } from '../../src/bulk/engine/journal/journal-lock.js';
import type { ImportInput } from '../../src/bulk/engine/read/input.js';
import { linkBodyKey } from '../../src/bulk/engine/check/row-check.js';
import { planImport, previousResult } from '../../src/bulk/import/plan.js';
import { CancelError } from '../../src/errors.js';
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

describe('the plan of a resumed import', () => {
  test('counts each row the journal answers for as the run reports it: done, or an error when it may exist', async () => {
    const url = 'https://example.com/same';
    const done = new DoneIndex();
    done.add(linkBodyKey({ url }), { id: 1 });
    // What a resume adds for an open intent its lookup could not decide.
    done.add(linkBodyKey({ url }), { undecided: 'not found, but it may exist: 2 links' });
    const rows = [url, url, url, 'https://example.com/new'].map((u, i) => ({ row: i + 1, cells: { url: u } }));
    const input = {
      rows: async function* () {
        yield* rows;
      },
    } as unknown as ImportInput;
    const plan = await planImport(input, done);
    expect(plan).toMatchObject({ rows: 4, invalid: 0, done: 1, mayExist: 1, toSend: 2 });
    // The run takes the same entries in the same order.
    expect(
      [done.take(linkBodyKey({ url })), done.take(linkBodyKey({ url }))].map((e) => previousResult(1, e!).status),
    ).toEqual(['skipped', 'error']);
  });
});

describe('journal file', () => {
  test('intents without an outcome are open; undone links are neither created nor done', async () => {
    const path = join(tempDir(), 'intents');
    const journal = await openJournal(path);
    const sent = (url: string) => ({ url });
    await journal.append({ row: 1, key: 'a', status: 'sending', url: 'u1', seq: 's.1', sent: sent('u1'), at: 1 });
    await journal.append({ row: 1, key: 'a', status: 'ok', id: 10, seq: 's.1' });
    await journal.append({ row: 2, key: 'b', status: 'sending', url: 'u2', seq: 's.2', sent: sent('u2'), at: 2 });
    await journal.append({ row: 3, key: 'c', status: 'sending', url: 'u3', seq: 's.3', sent: sent('u3'), at: 3 });
    await journal.append({ row: 3, key: 'c', status: 'error', error: 'x', seq: 's.3' });
    await journal.append({ row: 4, key: 'd', status: 'skipped', id: 7 });
    await journal.append({ row: 5, key: 'e', status: 'ok', id: 11 });
    await journal.append({ row: 5, key: 'e', status: 'undone', id: 11 });
    await journal.close();
    const state = await readJournal(path);
    expect(state.open.map((r) => r.seq)).toEqual(['s.2']);
    expect([...state.created.keys()]).toEqual(['10']);
    expect([...state.claimed].sort()).toEqual(['10', '11', '7']);
    expect([state.done.count('a'), state.done.count('d'), state.done.count('e')]).toEqual([1, 1, 0]);
  });

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

describe('reading a journal', () => {
  test('stops at Ctrl-C or SIGTERM: a long journal must not hold up the first signal', async () => {
    const path = join(tempDir(), 'long.journal');
    writeFileSync(
      path,
      Array.from({ length: 1000 }, (_, i) => JSON.stringify({ row: i + 1, key: `k${i}`, status: 'ok', id: i })).join(
        '\n',
      ),
    );
    const stop = new CancelError('terminated', 143);
    await expect(loadJournal(path, AbortSignal.abort(stop))).rejects.toBe(stop);
    expect((await loadJournal(path, new AbortController().signal)).size).toBe(1000);
  });
});

describe('journal lock', () => {
  // The user's config folder, where the lock of a journal's identity is kept.
  const configDir = tempDir();
  const locked = (path: string, create?: boolean) => lockJournal(path, { configDir, create });
  // A process that is alive for the whole file: the holder of a lock that is not ours.
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  afterAll(() => void other.kill());

  test('a journal another live process holds is exit 2 naming its pid', async () => {
    const path = join(tempDir(), 'links.journal');
    mkdirSync(`${path}.lock`);
    writeFileSync(
      `${path}.lock/owner`,
      JSON.stringify({ pid: other.pid, host: hostname(), at: Date.now(), token: 'x' }),
    );
    await expect(locked(path)).rejects.toMatchObject({
      exitCode: 2,
      message: `the journal ${path} is in use by another run (process ${other.pid})`,
    });
  });

  test("another host's lock is exit 2 naming its host and pid, however old and whatever that pid is here", async () => {
    const path = join(tempDir(), 'links.journal');
    mkdirSync(`${path}.lock`);
    writeFileSync(`${path}.lock/owner`, JSON.stringify({ pid: 999_999_999, host: 'build-7.example', token: 'x' }));
    const longAgo = new Date(Date.now() - 3_600_000);
    utimesSync(`${path}.lock`, longAgo, longAgo);
    await expect(locked(path)).rejects.toMatchObject({
      exitCode: 2,
      message: `the journal ${path} is in use by another run (process 999999999 on build-7.example)`,
      hint: `wait for it to finish, or stop it; if it is not running any more, remove the folder ${path}.lock`,
    });
  });

  test('a lock file of an older shorty (a file, not a folder): a live owner is refused by name, a dead one taken over', async () => {
    const path = join(tempDir(), 'links.journal');
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: other.pid, host: hostname(), at: Date.now(), token: 'x' }));
    await expect(locked(path)).rejects.toThrow(`is in use by another run (process ${other.pid})`);
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: dead.pid, host: hostname(), at: Date.now(), token: 'x' }));
    const release = await locked(path);
    expect(JSON.parse(readFileSync(`${path}.lock/owner`, 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  test('a second lock in the same run is refused too; release lets the next one in', async () => {
    const path = join(tempDir(), 'links.journal');
    const release = await locked(path);
    expect(JSON.parse(readFileSync(`${path}.lock/owner`, 'utf8')).pid).toBe(process.pid);
    expect(statSync(`${path}.lock`).mode & 0o777).toBe(0o700);
    expect(statSync(`${path}.lock/owner`).mode & 0o777).toBe(0o600);
    await expect(locked(path)).rejects.toThrow(`(process ${process.pid})`);
    release();
    expect(existsSync(`${path}.lock`)).toBe(false);
    (await locked(path))();
  });

  test('one lock per file: a symlink or a hard link to a locked journal is refused; so is a new journal through a symlink', async () => {
    const dir = tempDir();
    const path = join(dir, 'real.journal');
    writeFileSync(path, '');
    symlinkSync(path, join(dir, 'soft.journal'));
    linkSync(path, join(dir, 'hard.journal'));
    const release = await locked(path);
    await expect(locked(join(dir, 'soft.journal'))).rejects.toThrow(`(process ${process.pid})`);
    await expect(locked(join(dir, 'hard.journal'))).rejects.toThrow(`(process ${process.pid})`);
    release();
    (await locked(join(dir, 'hard.journal')))();

    symlinkSync(join(dir, 'new.journal'), join(dir, 'to-new.journal'));
    const first = await locked(join(dir, 'to-new.journal'), true);
    await expect(locked(join(dir, 'new.journal'), true)).rejects.toThrow('in use by another run');
    first();
  });

  test('a hard link made in another folder after the lock was taken is refused too; so is a journal renamed over the locked one', async () => {
    const path = join(tempDir(), 'links.journal');
    const release = await locked(path, true);
    const elsewhere = join(tempDir(), 'alias.journal');
    linkSync(path, elsewhere);
    await expect(locked(elsewhere)).rejects.toThrow(`(process ${process.pid})`);
    // A new file under the locked name (a rename over it) is a new inode: its name still holds it.
    const replacement = join(dirname(path), 'replacement');
    writeFileSync(replacement, '');
    renameSync(replacement, path);
    await expect(locked(path)).rejects.toThrow(`(process ${process.pid})`);
    release();
    (await locked(elsewhere))();
  });

  test('a lock left by a process that died (kill -9) is taken over', async () => {
    const path = join(tempDir(), 'links.journal');
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    mkdirSync(`${path}.lock`);
    writeFileSync(`${path}.lock/owner`, JSON.stringify({ pid: dead.pid, host: hostname(), token: 'old' }));
    const release = await locked(path);
    expect(JSON.parse(readFileSync(`${path}.lock/owner`, 'utf8')).pid).toBe(process.pid);
    release();
  });

  test('a journal that is not a file (/dev/null) takes no lock', async () => {
    (await locked('/dev/null'))();
    expect(existsSync('/dev/null.lock')).toBe(false);
  });
});
