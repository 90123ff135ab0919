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
