// --fields on list commands: a field the resource does not have is a usage error (exit 2) that
// lists the valid ones, raised before any request; every field a resource declares is accepted,
// and so are the fields servers of other versions add (see server-versions.test.ts).
import { beforeAll, describe, expect, test } from 'vitest';
import { json, useSandboxCli } from '../helpers/sandbox-cli.js';

const cli = useSandboxCli({ inProcess: true });
let channelId = 0;

/** One item of every listed resource, so the declared fields can be compared with real rows. */
beforeAll(async () => {
  const api = cli.sandbox.api;
  const link = await api('POST', '/url/add', { url: 'https://fields.example/a' });
  await api('POST', '/domain/add', { domain: 'https://fields.example' });
  await api('POST', '/campaign/add', { name: 'Fields' });
  channelId = (await api('POST', '/channel/add', { name: 'Fields' })).json.id;
  await api('POST', `/channel/${channelId}/assign/links/${link.json.id}`);
  await api('POST', '/pixel/add', { type: 'gtmpixel', name: 'Fields', tag: 'GTM-1' });
  await api('POST', '/qr/add', { type: 'link', data: 'https://fields.example/qr' });
});

const LISTS: [string, () => string[], string][] = [
  [
    'urls list',
    () => ['urls', 'list'],
    'id, alias, shorturl, longurl, title, description, clicks, uniqueclicks, domain, expiry, date, type, password',
  ],
  ['qr list', () => ['qr', 'list'], 'id, link, scans, name, date'],
  ['domains list', () => ['domains', 'list'], 'id, domain, redirectroot, redirect404'],
  ['campaigns list', () => ['campaigns', 'list'], 'id, name, public, rotator, list'],
  ['channels list', () => ['channels', 'list'], 'id, name, description, color, starred'],
  ['channels items', () => ['channels', 'items', String(channelId)], 'type, id, title, preview, link, date'],
  ['pixels list', () => ['pixels', 'list'], 'id, type, name, tag, date'],
  ['overlays list', () => ['overlays', 'list'], 'id, type, name, date'],
  ['splash list', () => ['splash', 'list'], 'id, name, date'],
];

describe('list --fields', () => {
  test.each(LISTS)(
    '%s: an unknown field exits 2 naming the valid ones, and nothing is sent',
    async (_name, args, valid) => {
      const res = await cli.runLogged([...args(), '--fields', 'id,nosuchfield', '-o', 'csv']);
      expect(res.exitCode).toBe(2);
      expect(res.stdout).toBe('');
      expect(res.stderr).toContain('unknown field "nosuchfield"');
      expect(res.stderr).toContain(`valid fields: ${valid}`);
      expect(res.requests).toEqual([]);
    },
  );

  test('an empty list checks the fields against the declared ones, before printing anything', async () => {
    // a page past the end is empty
    expect(json(await cli.run(['splash', 'list', '--page', '99', '--json']))).toEqual([]);
    const res = await cli.run(['splash', 'list', '--page', '99', '--fields', 'id,nosuchfield', '-o', 'csv']);
    expect(res.exitCode).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('valid fields: id, name, date');
  });

  test.each(LISTS)('%s: every declared field is accepted and present in the rows', async (_name, args, valid) => {
    const fields = valid.split(', ');
    const res = await cli.run([...args(), '--fields', fields.join(','), '--json']);
    expect(res.exitCode).toBe(0);
    const rows = json<Record<string, unknown>[]>(res);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row)).toEqual(fields);
  });

  test('the check names every unknown field at once', async () => {
    const res = await cli.runLogged(['urls', 'list', '--fields', 'nope,id,nada']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('unknown fields "nope", "nada"');
    expect(res.requests).toEqual([]);
  });
});
