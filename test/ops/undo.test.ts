// undoImport: the same run as `urls import --undo`, its results as data. Two sandboxes get the
// same import and the same link deleted by hand, so the ids and outcomes are the same in each.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { verbContext } from '../helpers/verb-context.js';
import { undoImport } from '../../src/ops/undo.js';

const dir = tempDir('shorty-undo-op-');
const sandboxes: StartedSandbox[] = [];

afterEach(async () => {
  for (const sb of sandboxes.splice(0)) await sb.close();
});

const envOf = (sb: StartedSandbox) => ({
  SHORTY_BASE_URL: sb.baseUrl,
  SHORTY_API_KEY: sb.apiKey,
  SHORTY_RATE_LIMIT: '1000/1s',
});

/** An import of three links into a fresh sandbox, then one of them deleted by hand; its journal. */
async function imported(name: string): Promise<{ sb: StartedSandbox; journal: string }> {
  const sb = await startSandbox();
  sandboxes.push(sb);
  const input = join(dir, `${name}.csv`);
  writeFileSync(input, 'url\nhttps://a.example/\nhttps://b.example/\nhttps://c.example/\n');
  const journal = join(dir, `${name}.journal`);
  const res = await runInProcess(['urls', 'import', input, '--journal', journal], { env: envOf(sb) });
  expect(res.exitCode, res.stderr).toBe(0);
  const ids = (await sb.api('GET', '/urls?limit=10')).json.data.urls.map((l: { id: number }) => l.id);
  await sb.api('DELETE', `/url/${Math.min(...ids)}/delete`);
  return { sb, journal };
}

/** The lines the command prints for each result. */
function line(row: Record<string, unknown>): string {
  if (row.status === 'deleted') return `✓ deleted ${row.id}`;
  if (row.status === 'gone') return `✓ ${row.id} already gone (${row.message})`;
  return `✗ ${row.id}: ${row.message}`;
}

const untimed = (text: string) => text.replace(/ in \S+$/, ' in T');

test('the op deletes what the command deletes, and returns as data what the command prints', async () => {
  const cli = await imported('cli');
  const printed = await runInProcess(['urls', 'import', '--undo', cli.journal, '-y'], { env: envOf(cli.sb) });
  expect(printed.exitCode, printed.stderr).toBe(0);

  const op = await imported('op');
  const { ctx } = await verbContext(envOf(op.sb), { yes: true });
  const result = await undoImport(ctx, { journal: op.journal });

  expect(result.exitCode).toBe(0);
  expect(result.rows.map((row) => row.status)).toEqual(['gone', 'deleted', 'deleted']);
  expect(result.rows.map(line).join('\n')).toBe(printed.stdout.trim());
  expect(result.notes.map(untimed)).toEqual(printed.stderr.trim().split('\n').map(untimed));
  expect((await op.sb.api('GET', '/urls?limit=10')).json.data.urls).toEqual([]);
});

test('a journal with nothing to undo is a note and exit 0, with no rows', async () => {
  const op = await imported('empty');
  const { ctx } = await verbContext(envOf(op.sb), { yes: true });
  await undoImport(ctx, { journal: op.journal });
  const again = await undoImport(ctx, { journal: op.journal });
  expect(again).toEqual({ rows: [], notes: [expect.stringMatching(/^nothing to undo: /)], exitCode: 0 });
});
