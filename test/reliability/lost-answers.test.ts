// A create whose answer is lost or unusable after the send (the server made the link, the answer
// broke on the way): `urls add` says the link may exist and how to look; `urls sync` finds its
// own create instead of failing it as "That alias is taken".
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { sandbox, run } = useSandboxCli({ resetData: true, inProcess: true, clientRateLimit: '1000/1s' });
const dir = tempDir('shorty-lost-answers-');
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
    await sandbox.admin.fault(fault, { count: 1 });
    const bare = await run(['urls', 'add', 'https://example.com/lost-bare'], { env });
    expect(bare.stderr).toMatch(/^hint: the link may have been created all the same: `shorty urls list --limit 5`/m);
  },
);

test.each(['truncated', 'html502', 'lost'] as const)(
  'urls sync, create answer %s: its own link is found, not "taken"',
  async (fault) => {
    const file = join(dir, `sync-${fault}.csv`);
    writeFileSync(file, 'alias,url\nsync-lost,https://example.com/sync-lost\n');
    // The sync reads the account first (answered after 1 ms); the fault meets the create.
    await sandbox.admin.fault(['slow', fault], { count: 2, delayMs: 1 });
    const res = await run(['urls', 'sync', file, '-y'], { env });
    console.log(
      res.stdout,
      res.stderr,
      (await sandbox.admin.requests()).map((r) => `${r.method} ${r.path} ${r.fault}`),
    );
    expect(res.exitCode, res.stderr + res.stdout).toBe(0);
    expect(res.stdout).toMatch(/^✓ created sync-lost/m);
    expect((await links()).filter((l) => l.alias === 'sync-lost')).toHaveLength(1);
  },
);
