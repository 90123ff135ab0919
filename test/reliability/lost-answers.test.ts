// A create whose answer is lost or unusable after the send (the server made the link, the answer
// broke on the way): `urls add` says the link may exist and how to look.
import { expect, test } from 'vitest';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { sandbox, run } = useSandboxCli({ resetData: true, inProcess: true, clientRateLimit: '1000/1s' });
const env = { SHORTY_RETRY_BACKOFF: '2ms,20ms', SHORTY_TIMEOUT: '0.5' };

async function links(): Promise<{ alias: string; longurl: string }[]> {
  return (await sandbox.api('GET', '/urls?limit=100')).json.data.urls;
}

test.each(['truncated', 'html502', 'lost'] as const)(
  'urls add, answer %s after the send: exit non-zero with a hint to look',
  async (fault) => {
    await sandbox.admin.fault(fault, { count: 1 });
    const res = await run(['urls', 'add', 'https://example.com/lost', '--custom', 'lost-one'], { env });
    expect(res.exitCode).toBe(fault === 'lost' ? 5 : 1);
    expect(res.stderr).toMatch(
      /^hint: the link may have been created all the same: `shorty urls lookup lost-one` shows it/m,
    );
    expect((await links()).map((l) => l.alias)).toContain('lost-one');
    const look = await run(['urls', 'lookup', 'lost-one', '--fields', 'longurl', '-o', 'tsv'], { env });
    expect(look.stdout).toMatch(/^https:\/\/example\.com\/lost$/m);
    await sandbox.admin.fault(fault, { count: 1 });
    const bare = await run(['urls', 'add', 'https://example.com/lost-bare'], { env });
    expect(bare.stderr).toMatch(/^hint: the link may have been created all the same: `shorty urls list --limit 5`/m);
  },
);

test("the API's own refusal says the link was not made: no such hint", async () => {
  await sandbox.api('POST', '/url/add', { url: 'https://example.com/first', custom: 'held' });
  const res = await run(['urls', 'add', 'https://example.com/refused', '--custom', 'held'], { env });
  expect(res.exitCode).toBe(1);
  expect(res.stderr).toMatch(/^shorty: That alias is taken/m);
  expect(res.stderr).not.toMatch(/may have been created/);
});

// With several URLs each link has its own result: a lost answer is that link's failure (exit 1,
// as any failed link), it says that link may exist, and the links after it are still made.
test.each(['truncated', 'html502', 'lost'] as const)(
  'urls add URL URL URL, the first answer %s after the send: that link may exist, the others are made',
  async (fault) => {
    await sandbox.admin.fault(fault, { count: 1 });
    const urls = ['https://example.com/lost-1', 'https://example.com/made-2', 'https://example.com/made-3'];
    const res = await run(['urls', 'add', ...urls, '-o', 'table'], { env });
    expect(res.exitCode).toBe(1);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^✗ https:\/\/example\.com\/lost-1: .+; the link may have been created all the same: `shorty urls list --limit 5` shows the newest links; look before adding it again$/,
    );
    expect(lines[1]).toMatch(/^✓ created \d+ \S+ for https:\/\/example\.com\/made-2$/);
    expect(lines[2]).toMatch(/^✓ created \d+ \S+ for https:\/\/example\.com\/made-3$/);
    expect(res.stderr).toMatch(
      /^shorty: created 2 of 3 links; failed: https:\/\/example\.com\/lost-1 \(.+ the link may have been created all the same/m,
    );
    // The hint is true: the server made all three.
    expect((await links()).map((l) => l.longurl)).toEqual(expect.arrayContaining(urls));
    // The check it names finds the lost one.
    const list = await run(['urls', 'list', '--limit', '5', '--fields', 'longurl', '-o', 'tsv'], { env });
    expect(list.stdout).toContain('https://example.com/lost-1\n');
  },
);

test('several URLs in json: the lost one is a failed record saying it may exist; -q prints only those made', async () => {
  await sandbox.admin.fault('lost', { count: 1 });
  const res = await run(['urls', 'add', 'https://example.com/j1', 'https://example.com/j2', '-o', 'ndjson'], { env });
  expect(res.exitCode).toBe(1);
  const records = res.stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(records.map((r) => [r.status, r.longurl])).toEqual([
    ['failed', 'https://example.com/j1'],
    ['created', 'https://example.com/j2'],
  ]);
  expect(records[0]).toMatchObject({ id: null, shorturl: null });
  expect(records[0].message).toMatch(/the link may have been created all the same/);
  await sandbox.admin.fault('html502', { count: 1 });
  const quiet = await run(['urls', 'add', 'https://example.com/q1', 'https://example.com/q2', '-q'], { env });
  expect(quiet.exitCode).toBe(1);
  expect(quiet.stdout).toMatch(/^http:\/\/\S+\n$/);
  expect(quiet.stderr).toMatch(/failed: https:\/\/example\.com\/q1 \(.*may have been created all the same/);
});

test('the list the message names reaches back to the lost link past the links made after it', async () => {
  await sandbox.admin.fault('lost', { count: 1 });
  const urls = Array.from({ length: 7 }, (_, n) => `https://example.com/many-${n}`);
  const res = await run(['urls', 'add', ...urls, '-o', 'json'], { env });
  expect(res.exitCode).toBe(1);
  const [lost, ...made] = JSON.parse(res.stdout);
  expect(made.map((r: { status: string }) => r.status)).toEqual(Array(6).fill('created'));
  expect(lost.message).toContain('`shorty urls list --limit 7` shows the newest links');
  const list = await run(['urls', 'list', '--limit', '7', '--fields', 'longurl', '-o', 'tsv'], { env });
  expect(list.stdout).toContain('https://example.com/many-0\n');
});

test('several URLs, a request never sent (the connection refused): the run stops at once, no "may exist"', async () => {
  const res = await run(['urls', 'add', 'https://example.com/d1', 'https://example.com/d2'], {
    env: { ...env, SHORTY_BASE_URL: 'http://127.0.0.1:9' },
  });
  expect(res.exitCode).toBe(5);
  expect(res.stderr).toMatch(/^shorty: connection refused: POST /m);
  expect(res.stdout + res.stderr).not.toMatch(/may have been created|created \d/);
});
