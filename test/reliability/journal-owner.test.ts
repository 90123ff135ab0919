// A journal knows its account (server and key fingerprint), and undo deletes only what it can
// still see as the run's: the wrong server, an old journal, an HTML answer, a link changed since.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { tempDir, type CliResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { keyFingerprint } from '../../src/bulk/engine/journal/journal-owner.js';
import { runUndo } from '../../src/bulk/undo/run.js';
import type { Context } from '../../src/context.js';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';
import type { Prompter } from '../../src/prompter.js';

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
  expect(first.keyFingerprint.slice(7)).not.toBe(keyFingerprint(a.apiKey).slice(7));
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

test('a journal written before salts (a plain sha256 fingerprint) still resumes with its key, and refuses another', async () => {
  const a = await sandbox();
  const journal = await imported(a, 'unsalted');
  const [, ...rows] = readFileSync(journal, 'utf8').split('\n');
  const old = { journal: 'shorty', server: a.baseUrl, keyFingerprint: keyFingerprint(a.apiKey) };
  writeFileSync(journal, [JSON.stringify(old), ...rows].join('\n'));
  const resumed = await shorty(
    a,
    ['-', '--journal', journal],
    'url\nhttps://unsalted.example/0\nhttps://unsalted.example/9\n',
  );
  expect(resumed.exitCode, resumed.stderr).toBe(0);
  expect(resumed.stdout.match(/,ok,|,skipped,/g)).toEqual([',skipped,', ',ok,']);

  const wrongKey = await runInProcess(['urls', 'import', '--undo', journal, '-y'], {
    env: { SHORTY_BASE_URL: a.baseUrl, SHORTY_API_KEY: 'sk_not_the_one_it_was_written_with' },
  });
  expect(wrongKey.exitCode).toBe(2);
  expect(wrongKey.stderr).toContain(`belongs to ${a.baseUrl} (key ${keyFingerprint(a.apiKey)})`);
});

test('a journal without its account is used only when confirmed, then bound to it', async () => {
  const a = await sandbox();
  const journal = await imported(a, 'legacy');
  const lines = readFileSync(journal, 'utf8').split('\n');
  writeFileSync(journal, lines.slice(1).join('\n'));

  const refused = await shorty(a, ['--undo', journal]);
  expect(refused.exitCode).toBe(2);
  expect(refused.stderr).toMatch(/does not say which server it was written for/);
  expect(refused.stderr).toMatch(/^hint: if it was written for .* pass -y\/--yes/m);
  expect(await a.admin.requests()).toEqual([]);

  const undo = await shorty(a, ['--undo', journal, '-y']);
  expect(undo.exitCode, undo.stderr).toBe(0);
  expect(undo.stdout.match(/✓ deleted/g)).toHaveLength(2);
  expect(readFileSync(journal, 'utf8')).toContain(`"server":"${a.baseUrl}"`);
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

test('on a terminal, a journal without its account is used only when the user says it is this one', async () => {
  const a = await sandbox();
  const journal = await imported(a, 'asked');
  writeFileSync(journal, readFileSync(journal, 'utf8').split('\n').slice(1).join('\n'));
  async function terminal(answer: boolean) {
    const asked: string[] = [];
    const prompter: Prompter = {
      input: async () => '',
      password: async () => '',
      confirm: async (message) => {
        asked.push(message);
        return answer;
      },
    };
    const ctx: Context = createContext({
      io: await createTestIO({ tty: true }),
      env: { SHORTY_BASE_URL: a.baseUrl, SHORTY_API_KEY: a.apiKey, SHORTY_CONFIG_DIR: tempDir('shorty-config-') },
      now: () => Date.now(),
      sleep: async () => {},
      signal: new AbortController().signal,
    });
    ctx.prompter = async () => prompter;
    return { ctx, asked };
  }
  const no = await terminal(false);
  await expect(runUndo(no.ctx, { journal })).rejects.toThrow(/was not used: nothing was sent/);
  await no.ctx.close();
  expect(no.asked).toEqual([
    expect.stringMatching(
      new RegExp(
        `^${journal} does not say which server it was written for\\. Was it written for ${a.baseUrl} \\(key scrypt:[0-9a-f]{8}\\)\\?$`,
      ),
    ),
  ]);
  expect(await a.admin.requests()).toEqual([]);

  const yes = await terminal(true);
  expect(await runUndo(yes.ctx, { journal })).toBe(0);
  await yes.ctx.close();
  expect(yes.asked).toHaveLength(2);
  expect(await ids(a)).toEqual([]);
});
