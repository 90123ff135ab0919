// A journal knows its account (server and key fingerprint), and undo deletes only what it can
// still see as the run's: the wrong server, an old journal, an HTML answer, a link changed since.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { tempDir, type CliResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { keyFingerprint } from '../../src/bulk/engine/journal/journal-owner.js';

const dir = tempDir('shorty-owner-');
const open: StartedSandbox[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()));
});

async function sandbox(flavor?: 'v6' | 'v7'): Promise<StartedSandbox> {
  const sb = await startSandbox(flavor ? { flavor } : {});
  open.push(sb);
  return sb;
}

function shorty(sb: StartedSandbox, args: string[], input?: string): Promise<CliResult> {
  return runInProcess(['urls', 'import', ...args, '--rate-limit', '1000/1s'], {
    input,
    env: { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey, SHORTY_RETRY_BACKOFF: '2ms,20ms' },
  });
}

const ids = async (sb: StartedSandbox) =>
  (await sb.api('GET', '/urls?limit=1000')).json.data.urls.map((l: { id: number }) => l.id).sort();

async function imported(sb: StartedSandbox, name: string, n = 2): Promise<string> {
  const journal = join(dir, `${name}.journal`);
  const rows = Array.from({ length: n }, (_, i) => `https://${name}.example/${i}`).join('\n');
  const res = await shorty(sb, ['-', '--journal', journal], `url\n${rows}\n`);
  expect(res.exitCode, res.stderr).toBe(0);
  await sb.admin.reset();
  return journal;
}

test('undo or resume with another server: exit 2 before any request, naming both accounts', async () => {
  const [a, b] = [await sandbox(), await sandbox('v6')];
  const journal = await imported(a, 'staging');
  const first = JSON.parse(readFileSync(journal, 'utf8').split('\n')[0]);
  // Salted with the journal's own random salt: not the plain hash anyone could check guesses against.
  expect(first).toEqual({
    journal: 'shorty',
    server: a.baseUrl,
    keyFingerprint: keyFingerprint(a.apiKey, first.salt),
    salt: expect.stringMatching(/^[0-9a-f]{32}$/),
  });
  expect(first.keyFingerprint).toMatch(/^scrypt:[0-9a-f]{8}$/);
  const plain = createHash('sha256').update(a.apiKey).digest('hex').slice(0, 8);
  expect(first.keyFingerprint.slice(7)).not.toBe(plain);
  expect(readFileSync(journal, 'utf8')).not.toContain(a.apiKey);
  expect(JSON.parse(readFileSync(await imported(a, 'another'), 'utf8').split('\n')[0]).salt).not.toBe(first.salt);
  const before = await ids(b);
  await b.admin.reset();

  const undo = await shorty(b, ['--undo', journal, '-y']);
  expect(undo.exitCode).toBe(2);
  expect(undo.stderr).toContain(
    `shorty: the journal ${journal} belongs to ${a.baseUrl} (key ${first.keyFingerprint}), not to ${b.baseUrl} (key ${keyFingerprint(b.apiKey, first.salt)})`,
  );
  expect(undo.stderr).toMatch(/^hint: run it with the profile/m);
  const resume = await shorty(b, ['-', '--journal', journal], 'url\nhttps://staging.example/9\n');
  expect(resume.exitCode).toBe(2);
  const sync = await runInProcess(['urls', 'sync', '-', '-y', '--journal', journal], {
    input: 'alias,url\nst-1,https://staging.example/1\n',
    env: { SHORTY_BASE_URL: b.baseUrl, SHORTY_API_KEY: b.apiKey },
  });
  expect(sync.exitCode).toBe(2);
  const dry = await shorty(b, ['-', '--journal', journal, '--dry-run'], 'url\nhttps://staging.example/9\n');
  expect(dry.exitCode).toBe(2);
  expect(sync.stderr).toContain(`belongs to ${a.baseUrl}`);
  expect(await b.admin.requests()).toEqual([]);
  expect(await ids(b)).toEqual(before);
});

/** The journal's lines as an older shorty wrote them: `owner` its first line, or none. */
function older(journal: string, owner?: Record<string, string>): void {
  const [, ...rows] = readFileSync(journal, 'utf8').split('\n');
  writeFileSync(journal, [...(owner ? [JSON.stringify(owner)] : []), ...rows].join('\n'));
}

test.each([
  ['no account named (0.1.0)', undefined],
  ['a key fingerprint without a salt', 'unsalted'],
])('a journal of an older shorty (%s): one line, exit 2, nothing sent, -y or not', async (_, unsalted) => {
  const a = await sandbox();
  const journal = await imported(a, unsalted ? 'unsalted' : 'unnamed');
  const plain = `sha256:${createHash('sha256').update(a.apiKey).digest('hex').slice(0, 8)}`;
  older(journal, unsalted ? { journal: 'shorty', server: a.baseUrl, keyFingerprint: plain } : undefined);
  const before = readFileSync(journal, 'utf8');
  const line =
    `shorty: the journal ${journal} was written by an older shorty, in a format this one does not read: ` +
    'nothing was sent; finish or undo it with the shorty that wrote it, or give a new --journal\n';
  for (const run of [
    () => shorty(a, ['--undo', journal, '-y']),
    () => shorty(a, ['--undo', journal]),
    () => shorty(a, ['-', '--journal', journal], `url\nhttps://${unsalted ?? 'unnamed'}.example/9\n`),
    () => shorty(a, ['-', '--journal', journal, '--dry-run'], 'url\nhttps://e.example/9\n'),
    () =>
      runInProcess(['urls', 'sync', '-', '-y', '--journal', journal], {
        input: 'alias,url\nold-1,https://e.example/1\n',
        env: { SHORTY_BASE_URL: a.baseUrl, SHORTY_API_KEY: a.apiKey },
      }),
  ]) {
    const res = await run();
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toBe(line);
  }
  expect(await a.admin.requests()).toEqual([]);
  expect(readFileSync(journal, 'utf8')).toBe(before);
});

test('undo against answers that are not the API: stops, nothing marked undone, links kept', async () => {
  const a = await sandbox();
  const journal = await imported(a, 'html');
  const before = await ids(a);
  await a.admin.fault('html404');
  const res = await shorty(a, ['--undo', journal, '-y']);
  await a.admin.fault(null);
  expect(res.exitCode).toBe(1);
  expect(res.stdout).toBe('');
  expect(readFileSync(journal, 'utf8')).not.toContain('"undone"');
  expect(await ids(a)).toEqual(before);
});

test('undo deletes a journaled id only while it still has the recorded short URL', async () => {
  const a = await sandbox('v6');
  const journal = await imported(a, 'moved', 3);
  // The journal's second link: its id now names another short URL (the id was reused, or the journal edited).
  const text = readFileSync(journal, 'utf8');
  const second = text.split('\n').filter((l) => l.includes('"ok"'))[1];
  const { id, shorturl } = JSON.parse(second);
  writeFileSync(journal, text.replace(second, second.replace(shorturl, `${shorturl}-other`)));
  const res = await shorty(a, ['--undo', journal, '-y']);
  expect(res.exitCode).toBe(1);
  expect(res.stdout).toContain(`✗ ${id}: left: the link with this id is ${shorturl}, not ${shorturl}-other`);
  expect(res.stdout.match(/✓ deleted/g)).toHaveLength(2);
  expect(res.stderr).toMatch(/^2 deleted, 0 already gone, 0 failed, 1 left \(changed since\) in /m);
  expect(await ids(a)).toEqual([id]);
});
