// `urls sync` against the sandbox: the plan, the writes it sends (counted and read back from the
// sandbox's request log), a second run that sends nothing, --check for CI (main() in-process), and
// an apply interrupted and resumed without a duplicate (the built CLI as a process: Ctrl-C, a
// reader leaving the pipe and kill -9 are what happens to a process; the reruns, which only read
// what the stopped run left, in-process).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startCli, stdoutShows, tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startSandbox } from '../helpers/sandbox.js';
import { calls, useSandboxCli } from '../helpers/sandbox-cli.js';
import { until } from '../helpers/until.js';
import type { RequestLog } from '../helpers/sandbox.js';

const cli = useSandboxCli({ inProcess: true, resetData: true, clientRateLimit: '100000/60s' });
const dir = tempDir('shorty-sync-');
// The plan's arrow is → in a UTF-8 locale.
const UTF8 = { LC_ALL: 'C.UTF-8' };

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function add(body: Record<string, unknown>): Promise<number> {
  const res = await cli.sandbox.api('POST', '/url/add', body);
  if (res.json?.error !== 0) throw new Error(res.text);
  return Number(res.json.id);
}

const writes = (requests: RequestLog[]) => requests.filter((r) => r.method !== 'GET');

describe('urls sync: plan and apply', () => {
  test('creates, updates only the fields that differ, leaves matches alone, prunes the rest', async () => {
    const summer = await add({
      url: 'https://example.com/summer',
      custom: 'summer',
      metatitle: 'Old',
      metadescription: 'Kept',
    });
    const winter = await add({ url: 'https://example.com/winter', custom: 'winter' });
    await add({ url: 'https://example.com/same', custom: 'same', metatitle: 'Same' });
    const links = file(
      'plan.csv',
      [
        'alias,url,title,description',
        'spring,https://example.com/spring,Spring,',
        'summer,https://example.com/summer,New,',
        'same,https://example.com/same,Same,',
      ].join('\n'),
    );

    const dry = await cli.runLogged(['urls', 'sync', links, '--prune', '--dry-run'], { env: UTF8 });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(
      [
        '+ spring  https://example.com/spring',
        '~ summer  title: "Old" → "New"',
        '- winter  https://example.com/winter',
        '',
      ].join('\n'),
    );
    // At the sandbox's 10000/min, which its answer to the read announced: lower than the client's cap, it is the one in force.
    expect(dry.stderr).toMatch(
      /^read 3 links in 1 request\nPlan: 1 to create, 1 to update, 1 to delete, 1 unchanged; 3 writes, .* at 10000\/min\ndry run: nothing was sent\n$/,
    );
    expect(calls(dry.requests)).toEqual(['GET /api/urls']);
    expect(dry.requests[0].query).toMatchObject({ limit: '500', page: '1' });

    const applied = await cli.runLogged(['urls', 'sync', links, '--prune', '-y'], { env: UTF8 });
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(applied.stdout.split('\n').slice(3)).toEqual([
      `✓ created spring ${cli.sandbox.baseUrl}/spring`,
      '✓ updated summer (title)',
      '✓ deleted winter',
      '',
    ]);
    expect(applied.stderr).toMatch(/\n1 created, 1 updated, 1 deleted, 0 failed in \S+\n$/);
    const sent = writes(applied.requests);
    expect(sent.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [`DELETE /api/url/${winter}/delete`, 'POST /api/url/add', `PUT /api/url/${summer}/update`].sort(),
    );
    // The update carries the long URL the API requires and the one field that differs: not the
    // empty description (an empty cell leaves the field alone), not the alias.
    expect(sent.find((r) => r.method === 'PUT')!.body).toEqual({ url: 'https://example.com/summer', metatitle: 'New' });
    expect(sent.find((r) => r.method === 'POST')!.body).toEqual({
      url: 'https://example.com/spring',
      custom: 'spring',
      metatitle: 'Spring',
    });
    const detail = (await cli.sandbox.api('GET', `/url/${summer}`)).json.details;
    expect(detail).toMatchObject({ title: 'New', description: 'Kept' });

    // Right after the apply: nothing to do, and nothing but the list is read.
    const again = await cli.runLogged(['urls', 'sync', links, '--prune', '-y']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toBe(`read 3 links in 1 request\nNo changes: the account matches ${links}\n`);
    expect(calls(again.requests)).toEqual(['GET /api/urls']);
  });

  test('a long URL, a branded domain and a description that changed are sent, and only they', async () => {
    await cli.sandbox.api('POST', '/domain/add', { domain: 'https://go.example.com' });
    const id = await add({ url: 'https://example.com/old', custom: 'moved', metatitle: 'T', metadescription: 'D' });
    const links = file(
      'fields.csv',
      'alias,url,domain,title,description\nmoved,https://example.com/new,go.example.com,T,D2\n',
    );
    const res = await cli.runLogged(['urls', 'sync', links, '-y'], { env: UTF8 });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout.split('\n')[0]).toBe(
      '~ moved  longurl: "https://example.com/old" → "https://example.com/new", domain: "" → "https://go.example.com", description: "D" → "D2"',
    );
    expect(writes(res.requests).map((r) => [r.path, r.body])).toEqual([
      [
        `/api/url/${id}/update`,
        { url: 'https://example.com/new', domain: 'https://go.example.com', metadescription: 'D2' },
      ],
    ]);
    const again = await cli.runLogged(['urls', 'sync', links, '--check']);
    expect(again.exitCode, again.stdout).toBe(0);
    expect(calls(again.requests)).toEqual(['GET /api/urls']);
  });

  test('--check: exit 1 and the plan when the account drifted, 0 when it matches; never a write', async () => {
    await add({ url: 'https://example.com/a', custom: 'chk-a', metatitle: 'A' });
    const matching = file('check-ok.csv', 'alias,url,title\nchk-a,https://example.com/a,A\n');
    const drifted = file(
      'check-drift.csv',
      'alias,url,title\nchk-a,https://example.com/a,B\nchk-b,https://example.com/b,\n',
    );
    const ok = await cli.runLogged(['urls', 'sync', matching, '--check', '--prune']);
    expect(ok.exitCode).toBe(0);
    expect(ok.stdout).toBe('');
    const drift = await cli.runLogged(['urls', 'sync', drifted, '--check'], { env: UTF8 });
    expect(drift.exitCode).toBe(1);
    expect(drift.stdout).toBe('~ chk-a  title: "A" → "B"\n+ chk-b  https://example.com/b\n');
    expect(calls(drift.requests)).toEqual(['GET /api/urls']);
    // --prune: a link the file does not name is drift too.
    await add({ url: 'https://example.com/extra', custom: 'chk-extra' });
    const extra = await cli.runLogged(['urls', 'sync', matching, '--check', '--prune', '-q']);
    expect(extra.exitCode).toBe(1);
    expect(extra.stdout + extra.stderr).toBe('');
    expect((await cli.runLogged(['urls', 'sync', matching, '--check', '-q'])).exitCode).toBe(0);
  });

  // 600 links: two list pages of 500, as few as show that a run reads every page and nothing more.
  test('600 links matching the file cost the list pages alone; 3 changed cost 3 writes more', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => ({
      alias: `m${String(i).padStart(4, '0')}`,
      url: `https://example.com/m/${i}`,
    }));
    for (let i = 0; i < rows.length; i += 100) {
      await Promise.all(
        rows.slice(i, i + 100).map((r) => add({ url: r.url, custom: r.alias, metatitle: `T${r.alias}` })),
      );
    }
    const csv = (title: (alias: string) => string) =>
      ['alias,url,title', ...rows.map((r) => `${r.alias},${r.url},${title(r.alias)}`)].join('\n');
    const links = file(
      'many.csv',
      csv((a) => `T${a}`),
    );
    const same = await cli.runLogged(['urls', 'sync', links, '--prune', '-y']);
    expect(same.exitCode, same.stderr).toBe(0);
    expect(same.stderr).toMatch(/^read 600 links in 2 requests\nNo changes/);
    expect(calls(same.requests)).toEqual(['GET /api/urls', 'GET /api/urls']);

    const changed = file(
      'many-changed.csv',
      csv((a) => (['m0007', 'm0500', 'm0599'].includes(a) ? 'Changed' : `T${a}`)),
    );
    const res = await cli.runLogged(['urls', 'sync', changed, '--prune', '-y']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(calls(res.requests).filter((c) => c === 'GET /api/urls')).toHaveLength(2);
    expect(writes(res.requests).map((r) => r.body)).toEqual(
      expect.arrayContaining([
        { url: 'https://example.com/m/7', metatitle: 'Changed' },
        { url: 'https://example.com/m/500', metatitle: 'Changed' },
        { url: 'https://example.com/m/599', metatitle: 'Changed' },
      ]),
    );
    expect(writes(res.requests)).toHaveLength(3);
  });

  test('--key url: links without an alias, matched by long URL; of two with one URL the oldest is kept', async () => {
    const oldest = await add({ url: 'https://example.com/dup' });
    const newer = await add({ url: 'https://example.com/dup' });
    const links = file('by-url.csv', 'url,title\nhttps://example.com/dup,Dup\nhttps://example.com/fresh,\n');
    const res = await cli.runLogged(['urls', 'sync', links, '--key', 'url', '--prune', '-y']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(
      writes(res.requests)
        .map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body)}`)
        .sort(),
    ).toEqual([
      `DELETE /api/url/${newer}/delete null`,
      'POST /api/url/add {"url":"https://example.com/fresh"}',
      `PUT /api/url/${oldest}/update {"url":"https://example.com/dup","metatitle":"Dup"}`,
    ]);
    const again = await cli.runLogged(['urls', 'sync', links, '--key', 'url', '--prune', '--check']);
    expect(again.exitCode, again.stdout).toBe(0);
  });

  test('invalid rows are reported, never planned, and keep --prune from deleting anything', async () => {
    await add({ url: 'https://example.com/keep', custom: 'keepme' });
    const links = file(
      'invalid.csv',
      'alias,url\nab,https://example.com/keep\nok-row,notaurl\ngood,https://example.com/good\ngood,https://example.com/good2\n,https://example.com/none\n',
    );
    const res = await cli.runLogged(['urls', 'sync', links, '--prune', '-y']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout.split('\n').slice(0, 5)).toEqual([
      '+ good  https://example.com/good',
      '! row 2: invalid alias "ab": must be at least 3 characters',
      expect.stringMatching(/^! row 3: .*url/),
      '! row 5: the same alias as row 4: each alias names one link',
      '! row 6: no alias: with --key alias every row needs one (--key url matches links by long URL)',
    ]);
    expect(res.stderr).toMatch(/4 invalid rows \(not planned\); 1 deletion held back until the invalid rows are fixed/);
    expect(writes(res.requests).map((r) => r.path)).toEqual(['/api/url/add']);
  });

  test('without a terminal and without -y, nothing is read or sent (exit 2)', async () => {
    const links = file('confirm.csv', 'alias,url\nnoconf,https://example.com/x\n');
    const res = await cli.runLogged(['urls', 'sync', links]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/^shorty: refusing to change the account without confirmation: pass -y/);
    expect(res.requests).toEqual([]);
  });
});

describe('urls sync interrupted', () => {
  test('Ctrl-C stops after the writes on the wire; the rerun applies the rest, no duplicate', async () => {
    const slow = await startSandbox({ rateLimit: '5/1s' });
    try {
      const n = 12;
      const links = file(
        'resume.csv',
        ['alias,url', ...Array.from({ length: n }, (_, i) => `res-${i},https://resume.example/${i}`)].join('\n'),
      );
      const journal = join(dir, 'resume.journal');
      const args = ['urls', 'sync', links, '-y', '--journal', journal, '--rate-limit', '5/1s'];
      const env = { SHORTY_BASE_URL: slow.baseUrl, SHORTY_API_KEY: slow.apiKey };
      const configDir = tempDir('shorty-config-');
      // A process: Ctrl-C is a signal to it.
      const { child, result } = startCli(args, { env, configDir });
      await stdoutShows(child, /✓ created/);
      child.kill('SIGINT');
      const stopped = await result;
      expect(stopped.exitCode).toBe(130);
      expect(stopped.stderr).toMatch(
        /interrupted: \d+ created, 0 updated, 0 deleted, 0 failed in .*; \d+ of 12 changes not applied; run the same command again/,
      );
      const created = stopped.stdout.split('\n').filter((l) => l.startsWith('✓ created')).length;
      expect(created).toBeGreaterThan(0);
      expect(created).toBeLessThan(n);
      expect((await slow.admin.stats()).links).toBe(created);
      const okRecords = readFileSync(journal, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .filter((r) => r.status === 'ok');
      expect(okRecords).toHaveLength(created);

      const rerun = await runInProcess(args, { env, configDir });
      expect(rerun.exitCode, rerun.stderr).toBe(0);
      expect(rerun.stdout.split('\n').filter((l) => l.startsWith('✓ created'))).toHaveLength(n - created);
      expect((await slow.admin.stats()).links).toBe(n);
      const posts = (await slow.admin.requests()).filter(
        (r) => r.method === 'POST' && r.status === 200 && !r.rateLimited,
      );
      expect(posts.map((r) => (r.body as { custom: string }).custom).sort()).toEqual(
        Array.from({ length: n }, (_, i) => `res-${i}`).sort(),
      );
      // The journal knows every link the two runs created: --undo would remove exactly them.
      expect(
        readFileSync(journal, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l))
          .filter((r) => r.status === 'ok'),
      ).toHaveLength(n);
    } finally {
      await slow.close();
    }
  });

  test('a reader that leaves stdout (| head) stops the apply with exit 1, saying how many changes were left', async () => {
    const slow = await startSandbox({ rateLimit: '5/1s' });
    try {
      const links = file(
        'head.csv',
        ['alias,url', ...Array.from({ length: 10 }, (_, i) => `head-${i},https://head.example/${i}`)].join('\n'),
      );
      const env = { SHORTY_BASE_URL: slow.baseUrl, SHORTY_API_KEY: slow.apiKey };
      // A process: its stdout is a pipe the reader closes.
      const { child, result } = startCli(['urls', 'sync', links, '-y', '--rate-limit', '5/1s'], { env });
      await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
      child.stdout!.destroy();
      const stopped = await result;
      expect(stopped.exitCode).toBe(1);
      expect(stopped.stderr).toMatch(
        /^shorty: stdout was closed; \d+ of 10 changes not applied\nhint: to continue: shorty urls sync \S+ -y --rate-limit 5\/1s\n$/m,
      );
      expect((await slow.admin.stats()).links).toBeLessThan(10);
    } finally {
      await slow.close();
    }
  });

  test('kill -9 while creates are on the wire, links without aliases: the rerun finds them, no duplicate', async () => {
    const sandbox = await startSandbox();
    try {
      const urls = Array.from({ length: 8 }, (_, i) => `https://killed.example/${i}`);
      const links = file('killed.txt', `${urls.join('\n')}\n`);
      const args = ['urls', 'sync', links, '--key', 'url', '-y', '--rate-limit', '40/1s'];
      const env = { SHORTY_BASE_URL: sandbox.baseUrl, SHORTY_API_KEY: sandbox.apiKey };
      // Every answer comes 300 ms after the server made the link: the kill lands while one is on the wire.
      await sandbox.admin.fault('late', { delayMs: 300 });
      // A process: kill -9 ends it with no chance to clean up.
      const { child, result } = startCli(args, { env });
      // Once the server has made a link, its answer is still on the wire (300 ms late): the kill
      // lands then, whenever that is.
      await until(async () => (await sandbox.admin.stats()).links > 0);
      child.kill('SIGKILL');
      await result.catch(() => undefined);
      await sandbox.admin.fault(null);
      const before = (await sandbox.admin.stats()).links;
      expect(before).toBeGreaterThan(0);

      const rerun = await runInProcess(args, { env });
      expect(rerun.exitCode, rerun.stderr).toBe(0);
      expect(rerun.stdout.split('\n').filter((l) => l.startsWith('✓ created'))).toHaveLength(urls.length - before);
      const listed = (await sandbox.api('GET', '/urls?limit=100')).json.data.urls.map(
        (l: { longurl: string }) => l.longurl,
      );
      expect(listed.sort()).toEqual([...urls].sort());
    } finally {
      await sandbox.close();
    }
  });
});
