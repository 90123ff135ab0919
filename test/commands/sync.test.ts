// `urls sync` in-process against the sandbox: what a v6 server's list answer adds (channels), the
// fields a list answer does not show, the confirmation on a terminal, and refused flags.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSync } from '../../src/bulk/sync/run.js';
import type { Context } from '../../src/context.js';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';
import type { Prompter } from '../../src/prompter.js';
import { tempDir } from '../helpers/cli.js';
import { calls, useSandboxCli, type SandboxCli } from '../helpers/sandbox-cli.js';

const v7 = useSandboxCli({ inProcess: true, resetData: true });
const v6 = useSandboxCli({ inProcess: true, resetData: true, flavor: 'v6' });
const dir = tempDir('shorty-sync-cmd-');

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const writes = (requests: { method: string; path: string; body: unknown }[]) =>
  requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body)}`);

async function add(c: SandboxCli, body: Record<string, unknown>): Promise<number> {
  return Number((await c.sandbox.api('POST', '/url/add', body)).json.id);
}

describe('urls sync against a v6 server', () => {
  it('reads the channel a v6 list shows: set on create, then nothing to do; added to it when it is in another', async () => {
    const launch = (await v6.sandbox.api('POST', '/channel/add', { name: 'Launch' })).json.id as number;
    const other = (await v6.sandbox.api('POST', '/channel/add', { name: 'Other' })).json.id as number;
    await v6.sandbox.api('POST', '/domain/add', { domain: 'https://go.example.com' });
    const links = file(
      'v6.csv',
      `alias,url,channel,domain,title\nch-a,https://example.com/a,${launch},go.example.com,A\nch-b,https://example.com/b,${launch},,B\n`,
    );
    const first = await v6.runLogged(['urls', 'sync', links, '-y']);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(writes(first.requests)).toHaveLength(2);
    const again = await v6.runLogged(['urls', 'sync', links, '-y']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toBe('');
    expect(calls(again.requests)).toEqual(['GET /api/urls']);

    // A v6 link may sit in several channels: one in another channel only is added to the file's.
    const id = await add(v6, { url: 'https://example.com/c', custom: 'ch-c', channel: other });
    const withC = file('v6c.csv', `alias,url,channel\nch-c,https://example.com/c,${launch}\n`);
    const moved = await v6.runLogged(['urls', 'sync', withC, '-y']);
    expect(moved.exitCode, moved.stderr).toBe(0);
    expect(writes(moved.requests)).toEqual([
      `PUT /api/url/${id}/update {"url":"https://example.com/c","channel":${launch}}`,
    ]);
    expect((await v6.runLogged(['urls', 'sync', withC, '--check'])).exitCode).toBe(0);
    expect((await v6.runLogged(['urls', 'sync', links, '--check'])).exitCode).toBe(0);
  });
});

describe('urls sync: fields the list does not show', () => {
  it('sets them on links it creates, leaves them alone on links that exist, and says so', async () => {
    await add(v7, { url: 'https://example.com/e', custom: 'exp-old' });
    const links = file(
      'unseen.csv',
      'alias,url,expiry,password\nexp-old,https://example.com/e,2031-01-01 00:00:00,s3cret-pw\nexp-new,https://example.com/n,2031-01-01 00:00:00,\n',
    );
    const res = await v7.runLogged(['urls', 'sync', links, '-y']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain(
      "warning: the server's link list does not show password, expiry: sync sets them on the links it creates " +
        'and leaves them as they are on links that exist (change those with shorty urls update)',
    );
    expect(writes(res.requests)).toEqual([
      'POST /api/url/add {"url":"https://example.com/n","custom":"exp-new","expiry":"2031-01-01 00:00:00"}',
    ]);
    expect(res.stdout).not.toContain('s3cret-pw');
  });

  it('an empty cell leaves the field as it is', async () => {
    await add(v7, {
      url: 'https://example.com/t',
      custom: 'keep-title',
      metatitle: 'Kept',
      metadescription: 'Also kept',
    });
    const links = file('empty.csv', 'alias,url,title,description\nkeep-title,https://example.com/t,,\n');
    const res = await v7.runLogged(['urls', 'sync', links, '--check']);
    expect(res.exitCode).toBe(0);
  });
});

describe('urls sync --dry-run -o json', () => {
  it('prints the plan as data: creates, updates with old and new values, deletes, invalid rows; sorted, the same bytes twice', async () => {
    const old = await add(v7, { url: 'https://example.com/old', custom: 'b-old', metatitle: 'Old' });
    const gone = await add(v7, { url: 'https://example.com/gone', custom: 'a-gone' });
    const links = file(
      'plan.csv',
      'alias,url,title,password,geotarget\n' +
        'z-new,https://example.com/z,Zed,s3cret-pw,US=https://us.example\n' +
        'b-old,https://example.com/old,New,,\n' +
        'c-new,https://example.com/c,,,\n' +
        'bad,ftp://x,,,\n',
    );
    const res = await v7.runLogged(['urls', 'sync', links, '--prune', '--dry-run', '-o', 'json']);
    expect(res.exitCode).toBe(1);
    expect(writes(res.requests)).toEqual([]);
    const plan = JSON.parse(res.stdout);
    expect(plan).toEqual({
      key: 'alias',
      creates: [
        { key: 'c-new', row: 4, link: { longurl: 'https://example.com/c', alias: 'c-new' } },
        {
          key: 'z-new',
          row: 2,
          link: {
            longurl: 'https://example.com/z',
            alias: 'z-new',
            password: '(set)',
            geotarget: 'US=https://us.example/',
            title: 'Zed',
          },
        },
      ],
      updates: [{ key: 'b-old', row: 3, id: Number(old), changes: [{ field: 'title', old: 'Old', new: 'New' }] }],
      deletes: [],
      invalid: [{ row: 5, error: expect.stringMatching(/http/) }],
      unchanged: 0,
      accountOnly: 0,
      withheld: 1,
      read: { links: 2, requests: 1 },
    });
    expect(res.stdout).not.toMatch(/s3cret/);
    const fixed = file('fixed.csv', 'alias,url\nb-old,https://example.com/old\n');
    const pruned = JSON.parse((await v7.run(['urls', 'sync', fixed, '--prune', '--check', '--json'])).stdout);
    expect(pruned.deletes).toEqual([
      { key: 'a-gone', id: Number(gone), alias: 'a-gone', longurl: 'https://example.com/gone' },
    ]);
    const again = await v7.run(['urls', 'sync', links, '--prune', '--dry-run', '-o', 'json']);
    expect(again.stdout).toBe(res.stdout);
  });
});

describe('urls sync refuses before any request', () => {
  it.each([
    [['-o', 'json'], /^shorty: urls sync prints the plan as JSON only with --dry-run or --check/],
    [['-o', 'csv', '--dry-run'], /^shorty: urls sync prints a plan and one line per change, or with -o json/],
    [['--key', 'id'], /^shorty: invalid value "id" for --key: choose alias or url/],
    [['--max-outage', 'soon'], /--max-outage/],
    [['--map', 'x'], /invalid --map/],
  ])('%j', async (extra, message) => {
    const res = await v7.runLogged([
      'urls',
      'sync',
      file('refuse.csv', 'alias,url\nrefuse,https://example.com/r\n'),
      '-y',
      ...extra,
    ]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(res.requests).toEqual([]);
  });

  it('a file with no long URL column', async () => {
    const res = await v7.runLogged(['urls', 'sync', file('nourl.csv', 'alias,title\nx-1,T\n'), '-y']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/has no column of long URLs/);
    expect(res.requests).toEqual([]);
  });
});

describe('urls sync on a terminal', () => {
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
    const io = await createTestIO({ tty: true });
    const configDir = join(tempDir('shorty-sync-tty-'), 'cfg');
    const ctx: Context = createContext({
      io,
      env: { ...v7.env, SHORTY_CONFIG_DIR: configDir, NO_COLOR: '1', LC_ALL: 'C' },
      now: () => Date.now(),
      sleep: async () => {},
      signal: new AbortController().signal,
    });
    ctx.prompter = async () => prompter;
    return { ctx, io, asked };
  }
  const opts = (path: string) => ({ file: path, key: 'alias' as const, prune: false, dryRun: false, check: false });

  it('asks once; no sends nothing, yes applies', async () => {
    await add(v7, { url: 'https://example.com/ask', custom: 'ask-me', metatitle: 'Old' });
    const links = file(
      'ask.csv',
      'alias,url,title\nask-me,https://example.com/ask,New\nask-new,https://example.com/ask2,\n',
    );
    const no = await terminal(false);
    await v7.sandbox.admin.reset();
    await expect(runSync(no.ctx, opts(links))).rejects.toMatchObject({ exitCode: 1, message: 'nothing changed' });
    await no.ctx.close();
    expect(no.asked).toEqual([`Apply these 2 changes to the links at ${v7.sandbox.baseUrl}?`]);
    expect(no.io.out()).toBe('~ ask-me  title: "Old" -> "New"\n+ ask-new  https://example.com/ask2\n');
    expect(calls(await v7.sandbox.admin.requests())).toEqual(['GET /api/urls']);

    const yes = await terminal(true);
    expect(await runSync(yes.ctx, opts(links))).toBe(0);
    await yes.ctx.close();
    expect(yes.asked).toHaveLength(1);
    expect(yes.io.out()).toContain('✓ updated ask-me (title)\n');
  });
});

describe('urls sync --journal', () => {
  it('journals creates as an import does: urls import --undo deletes the links the sync created, not the others', async () => {
    const kept = await add(v7, { url: 'https://example.com/kept', custom: 'kept-link', metatitle: 'Old' });
    const journal = join(dir, 'sync.journal');
    const links = file(
      'journaled.csv',
      'alias,url,title\nkept-link,https://example.com/kept,New\nmade-1,https://example.com/m1,\nmade-2,https://example.com/m2,\n',
    );
    const res = await v7.run(['urls', 'sync', links, '-y', '--journal', journal]);
    expect(res.exitCode, res.stderr).toBe(0);
    const undo = await v7.runLogged(['urls', 'import', '--undo', journal, '-y']);
    expect(undo.exitCode, undo.stderr).toBe(0);
    // The account is read first: only links that still have the short URL the journal recorded go.
    expect(undo.requests.map((r) => r.method)).toEqual(['GET', 'DELETE', 'DELETE']);
    const left = (await v7.sandbox.api('GET', '/urls?limit=50')).json.data.urls.map((l: { id: number }) => l.id);
    expect(left).toEqual([kept]);
  });
});

describe("urls sync: the plan's time", () => {
  it('counts the budget left after the read: writes the window has room for go at once', async () => {
    const links = file('budget.csv', 'alias,url\nbudget-a,https://example.com/a\n');
    // 2 a minute: the read spends one, the one write has the other. Counted at the cap alone it
    // would be "about 30 s".
    const res = await v7.runLogged(['urls', 'sync', links, '--dry-run'], { env: { SHORTY_RATE_LIMIT: '2/60s' } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain('1 write, under a second at 2/60s');
  });
});

describe('urls sync --prune with a file of no rows', () => {
  it('refuses empty, blank, BOM-only and header-only input before any request; --allow-empty deletes every link', async () => {
    await add(v7, { url: 'https://example.com/stays', custom: 'stays' });
    for (const [name, text] of [
      ['empty', ''],
      ['blank', ' \n\n\t\n'],
      ['bom', '\uFEFF'],
      ['header', 'alias,url\n'],
    ]) {
      const res = await v7.runLogged(['urls', 'sync', file(`${name}.csv`, text), '--prune', '-y']);
      expect(res.exitCode, name).toBe(2);
      expect(res.stderr, name).toMatch(/^shorty: \S+ has no rows: with --prune that would delete every link/m);
      expect(res.stderr, name).toMatch(/^hint: .*add --allow-empty$/m);
      expect(res.requests, name).toEqual([]);
    }
    const fromStdin = await v7.runLogged(['urls', 'sync', '-', '--prune', '-y']);
    expect(fromStdin.exitCode).toBe(2);
    const meant = await v7.runLogged([
      'urls',
      'sync',
      file('meant.csv', 'alias,url\n'),
      '--prune',
      '--allow-empty',
      '-y',
    ]);
    expect(meant.exitCode, meant.stderr).toBe(0);
    expect((await v7.sandbox.api('GET', '/urls?limit=50')).json.data.urls).toEqual([]);
  });
});
