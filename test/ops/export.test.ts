// exportLinks: the rows `urls export` writes, as data, read page by page.
import { expect, test } from 'vitest';
import { useSandboxCli } from '../helpers/sandbox-cli.js';
import { verbContext } from '../helpers/verb-context.js';
import { exportLinks } from '../../src/ops/export.js';

const { sandbox, env, run } = useSandboxCli({ rateLimit: '100000/60s', resetData: true, inProcess: true });

async function seed(n: number): Promise<void> {
  for (let i = 1; i <= n; i++) {
    const extra = i % 2 === 0 ? { custom: `op-${i}`, metatitle: `Title, ${i}` } : {};
    const res = await sandbox.api('POST', '/url/add', { url: `https://export-op.example/${i}`, ...extra });
    expect(res.json.error).toBe(0);
  }
}

const ndjson = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

test.each([[[]], [['--details']]])('the op yields the records the command prints as ndjson %j', async (flags) => {
  await seed(5);
  const printed = await run(['urls', 'export', '-o', 'ndjson', '--page-size', '2', ...flags]);
  expect(printed.exitCode, printed.stderr).toBe(0);

  await sandbox.admin.reset();
  const { ctx } = await verbContext(env);
  const rows = [];
  for await (const row of exportLinks(ctx, { pageSize: 2, details: flags.length > 0 })) rows.push(row);

  expect(rows).toHaveLength(5);
  expect(rows).toEqual(ndjson(printed.stdout));
  expect(Object.keys(rows[0])).toEqual(Object.keys(ndjson(printed.stdout)[0]));
  // Three pages of two, and with --details one read per link.
  const reads = (await sandbox.admin.requests()).filter((r) => r.method === 'GET');
  expect(reads).toHaveLength(flags.length > 0 ? 8 : 3);
});

test('rows are read as they are taken: stopping after the first page reads no more', async () => {
  await seed(5);
  await sandbox.admin.reset();
  const { ctx } = await verbContext(env);
  for await (const row of exportLinks(ctx, { pageSize: 2 })) {
    // Newest first.
    expect(row.longurl).toBe('https://export-op.example/5');
    break;
  }
  expect((await sandbox.admin.requests()).filter((r) => r.method === 'GET')).toHaveLength(1);
});
