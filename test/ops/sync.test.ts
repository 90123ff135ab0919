// planSync and applySync: the same runs as `urls sync --dry-run -o json` and `urls sync -y`, as
// data. Two sandboxes get the same links, so the ids and outcomes are the same in each.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { useSandboxCli, type SandboxCli } from '../helpers/sandbox-cli.js';
import { verbContext } from '../helpers/verb-context.js';
import { applySync, planSync } from '../../src/ops/sync.js';

const cli = useSandboxCli({ inProcess: true, resetData: true });
const op = useSandboxCli({ inProcess: true, resetData: true });
const dir = tempDir('shorty-sync-op-');

const links = join(dir, 'links.csv');
writeFileSync(
  links,
  'alias,url,title,password\n' +
    'z-new,https://example.com/z,Zed,s3cret-pw\n' +
    'b-old,https://example.com/old,New,\n' +
    'bad,ftp://x,,\n',
);

// Without the invalid row, which withholds the deletions of --prune.
const valid = join(dir, 'valid.csv');
writeFileSync(valid, 'alias,url,title\nz-new,https://example.com/z,Zed\nb-old,https://example.com/old,New\n');

async function seed(c: SandboxCli): Promise<void> {
  await c.sandbox.api('POST', '/url/add', { url: 'https://example.com/old', custom: 'b-old', metatitle: 'Old' });
  await c.sandbox.api('POST', '/url/add', { url: 'https://example.com/gone', custom: 'a-gone' });
  await c.sandbox.admin.reset();
}

const writes = async (c: SandboxCli) =>
  (await c.sandbox.admin.requests()).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

/** The line the command prints for a write's result. */
function line(row: Record<string, unknown>): string {
  if (row.status === 'created') return `✓ created ${row.key} ${row.shorturl}`;
  if (row.status === 'updated') return `✓ updated ${row.key} (${(row.changes as string[]).join(', ')})`;
  if (row.status === 'deleted') return `✓ deleted ${row.key}`;
  return `✗ ${row.key}: ${row.message}`;
}

/** Each sandbox has its own port. */
const unported = (text: string) => text.replace(/http:\/\/127\.0\.0\.1:\d+/g, 'SANDBOX');

const untimed = (text: string) => text.replace(/ in \S+$/, ' in T');

test('planSync returns the plan the command prints with --dry-run -o json, and sends nothing', async () => {
  await seed(cli);
  await seed(op);
  const printed = await cli.run(['urls', 'sync', links, '--prune', '--dry-run', '-o', 'json']);
  expect(printed.exitCode).toBe(1);

  const { ctx } = await verbContext(op.env);
  const result = await planSync(ctx, { file: links, key: 'alias', prune: true });
  expect(result.exitCode).toBe(1);
  expect(result.plan).toEqual(JSON.parse(printed.stdout));
  expect(JSON.stringify(result.plan)).not.toMatch(/s3cret/);
  expect(result.notes).toEqual(printed.stderr.trim().split('\n'));
  expect(await writes(op)).toEqual([]);
});

test('applySync makes the writes the command makes, and returns as data what it prints', async () => {
  await seed(cli);
  await seed(op);
  const printed = await cli.run(['urls', 'sync', valid, '--prune', '-y']);
  expect(printed.exitCode, printed.stderr).toBe(0);

  const { ctx } = await verbContext(op.env, { yes: true });
  const result = await applySync(ctx, { file: valid, key: 'alias', prune: true });
  expect(result.exitCode).toBe(0);
  expect(result.rows.map((row) => [row.op, row.status])).toEqual([
    ['create', 'created'],
    ['update', 'updated'],
    ['delete', 'deleted'],
  ]);
  const results = printed.stdout
    .trim()
    .split('\n')
    .filter((l) => /^[✓✗] /.test(l));
  expect(result.rows.map(line).map(unported)).toEqual(results.map(unported));
  expect(await writes(op)).toEqual(await writes(cli));
  expect(result.notes.map(untimed).filter((n) => !n.startsWith('Plan: '))).toEqual(
    printed.stderr
      .trim()
      .split('\n')
      .map(untimed)
      .filter((n) => !n.startsWith('Plan: ')),
  );
});
