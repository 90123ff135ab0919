// What every flavor accepts from the clients written against deployed servers: empty optional
// link fields meaning "not given", and raw `/` and `+` in the legacy base64 segments.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FlavorName } from '../../src/sandbox/flavor.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

describe.each(['v7', 'v6'] as FlavorName[])('%s', (flavor) => {
  let sb: StartedSandbox;
  beforeAll(async () => {
    sb = await startSandbox({ flavor });
    await sb.api('POST', '/domain/add', { domain: 'https://go.example.com' });
  });
  afterAll(() => sb.close());

  const detail = async (id: unknown) => (await sb.api('GET', `/url/${id}`)).json.details;
  const follow = async (alias: string) => (await fetch(`${sb.baseUrl}/${alias}`, { redirect: 'manual' })).status;

  test.each([false, '', null, '  '])(
    'custom, password, domain and expiry set to %j are not given on add',
    async (empty) => {
      const res = await sb.api('POST', '/url/add', {
        url: 'https://example.com/empty',
        custom: empty,
        password: empty,
        domain: empty,
        expiry: empty,
      });
      expect(res.json.error).toBe(0);
      expect(res.json.shorturl).toMatch(new RegExp(`^${sb.baseUrl}/[A-Za-z0-9]{5,6}$`));
      expect(await detail(res.json.id)).toMatchObject({ expiry: null, shorturl: res.json.shorturl });
      expect(await follow(res.json.shorturl.split('/').pop())).toBe(302); // no password asked
    },
  );

  test('on update they leave the alias, password, domain and expiry as they were', async () => {
    const body = {
      url: 'https://example.com/kept',
      custom: `kept${flavor}`,
      password: 'secret',
      domain: 'go.example.com',
      expiry: '2099-01-01 00:00:00',
    };
    const { json } = await sb.api('POST', '/url/add', body);
    for (const empty of [false, '', null]) {
      const res = await sb.api('PUT', `/url/${json.id}/update`, {
        url: 'https://example.com/kept2',
        custom: empty,
        password: empty,
        domain: empty,
        expiry: empty,
      });
      expect(res.json.error).toBe(0);
    }
    expect(await detail(json.id)).toMatchObject({
      shorturl: `https://go.example.com/kept${flavor}`,
      expiry: '2099-01-01 00:00:00',
      longurl: 'https://example.com/kept2',
    });
    const legacyInfo = await fetch(
      `${sb.baseUrl}/api/v1/${sb.apiKey}/shorturl/info/short_url/${Buffer.from(`https://go.example.com/kept${flavor}`).toString('base64')}.json`,
    );
    expect(((await legacyInfo.json()) as { data: { has_password: boolean } }).data.has_password).toBe(true);
  });

  test('legacy base64 with a raw / and + (not percent-encoded), last or followed by other pairs', async () => {
    const url = 'https://example.com/?q=?>?&r=>>>&s=ab'; // base64 "…Pz4/…Pj4+…"
    const raw = Buffer.from(url).toString('base64');
    expect(raw).toMatch(/\/.*\+|\+.*\//);
    const legacy = async (path: string) =>
      (await (await fetch(`${sb.baseUrl}/api/v1/${sb.apiKey}/shorturl/${path}`)).json()) as {
        code: number;
        data: Record<string, string>;
      };
    const created = await legacy(`create/url/${raw}.json`);
    expect(created).toMatchObject({ code: 200, data: { original_url: url } });
    const withCustom = await legacy(`create/url/${raw}/custom_url/raw${flavor}.json`);
    expect(withCustom).toMatchObject({ code: 200, data: { original_url: url, short_url_part: `raw${flavor}` } });
    const info = await legacy(`info/short_url/${Buffer.from(created.data.short_url).toString('base64')}.json`);
    expect(info.data.url_id).toBe(created.data.url_id);
    // a base64 whose last character is a raw '/': "?>?" encodes to "Pz4/"
    expect(
      (await legacy(`create/url/${Buffer.from('https://example.com/??>?').toString('base64')}.json`)).data.original_url,
    ).toBe('https://example.com/??>?');
  });
});
