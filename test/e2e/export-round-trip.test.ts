// Export from one account, import into a fresh one that has the same branded domain: every link
// comes back with its alias, long URL, domain, title and description, on either server version.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { useSandboxCli, type SandboxCli } from '../helpers/sandbox-cli.js';

const BRANDED = 'https://go.example.com';
const csv = (text: string): Record<string, string>[] => parse(text, { columns: true });

const LINKS = [
  { url: 'https://example.com/plain' },
  {
    url: 'https://example.com/titled?a=b,c',
    custom: 'titled',
    metatitle: 'Spring, "sale"',
    metadescription: 'Ünïcödé\nand more',
  },
  {
    url: 'https://example.com/branded',
    custom: 'on-brand',
    domain: BRANDED,
    metatitle: 'Branded',
    metadescription: '',
  },
  { url: 'https://example.com/branded-random', domain: BRANDED },
];

async function seed(cli: SandboxCli): Promise<void> {
  expect((await cli.sandbox.api('POST', '/domain/add', { domain: BRANDED })).json.error).toBe(0);
  for (const link of LINKS) expect((await cli.sandbox.api('POST', '/url/add', link)).json.error).toBe(0);
}

/** What must survive the trip, keyed by long URL; a random alias is only kept when it was exported. */
const essentials = (rows: Record<string, string>[]) =>
  rows
    .map((r) => ({
      longurl: r.longurl,
      alias: r.alias,
      domain: r.domain,
      title: r.title,
      description: r.description,
      host: new URL(r.shorturl).host,
    }))
    .sort((a, b) => a.longurl.localeCompare(b.longurl));

describe.each(['v7', 'v6'] as const)('export from one %s sandbox, import into another', (flavor) => {
  const source = useSandboxCli({
    inProcess: true,
    flavor,
    rateLimit: '100000/60s',
    clientRateLimit: '100000/60s',
    resetData: true,
  });
  const target = useSandboxCli({
    inProcess: true,
    flavor,
    rateLimit: '100000/60s',
    clientRateLimit: '100000/60s',
    resetData: true,
  });

  test('alias, long URL, branded domain, title and description come back equal', async () => {
    await seed(source);
    expect((await target.sandbox.api('POST', '/domain/add', { domain: BRANDED })).json.error).toBe(0);

    const exported = await source.run(['urls', 'export']);
    expect(exported.exitCode).toBe(0);
    const rows = csv(exported.stdout);
    expect(rows.map((r) => r.domain).sort()).toEqual(['', '', BRANDED, BRANDED]);
    const file = join(tempDir(), 'links.csv');
    writeFileSync(file, exported.stdout);

    const dry = await target.run(['urls', 'import', file, '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stderr).not.toMatch(/warning/);
    const imported = await target.run(['urls', 'import', file]);
    expect(imported.exitCode).toBe(0);
    expect(imported.stderr).not.toMatch(/warning/);
    expect(csv(imported.stdout).map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok']);

    const again = csv((await target.run(['urls', 'export'])).stdout);
    const hostOf = (url: string) => new URL(url).host;
    expect(essentials(again)).toEqual(
      essentials(rows).map((r) => ({ ...r, host: r.domain ? hostOf(BRANDED) : hostOf(target.sandbox.baseUrl) })),
    );
    expect(again.find((r) => r.alias === 'on-brand')?.shorturl).toBe(`${BRANDED}/on-brand`);
  });
});
