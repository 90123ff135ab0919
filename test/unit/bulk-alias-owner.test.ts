import { expect, test } from 'vitest';
import type { ModernApi } from '../../src/api/modern.js';
import { accountAliasPlaces, aliasOwner, aliasPlace, mostLookups } from '../../src/bulk/engine/send/alias-owner.js';
import { ApiError, NetworkError } from '../../src/errors.js';

const BASE = 'https://sho.rt';

/** Links by short URL, and GET /domains that fails `outages` times before it answers. */
function fakeApi(links: Record<string, string>, domains: string[], outages = 0) {
  const asked: string[] = [];
  const api = {
    async call(_method: string, path: string, opts: { query?: Record<string, unknown> } = {}) {
      const short = opts.query?.short;
      asked.push(short === undefined ? path : String(short));
      if (path === '/domains') {
        if (outages-- > 0) throw new NetworkError('reset', 'connection reset');
        return { error: 0, data: { domains: domains.map((domain, i) => ({ id: i + 1, domain })) } };
      }
      const longurl = links[String(short)];
      if (longurl === undefined) throw new ApiError('Link does not exist.');
      return { error: 0, details: { longurl } };
    },
  } as unknown as ModernApi;
  return { api, asked };
}

test("an alias free where the row puts it is looked for on the account's other domains, each once", async () => {
  const { api, asked } = fakeApi({ 'https://go.example/spring': 'https://a.example' }, ['https://go.example'], 1);
  const places = accountAliasPlaces(api, { baseUrl: BASE, domain: 'go.example' }, () => {});
  const row = { url: 'https://b.example', custom: 'spring' };
  // The listing of the domains fails once (an outage): asked again by the next lookup, not remembered as failed.
  await expect(aliasOwner(api, row, BASE, places)).rejects.toThrow(NetworkError);
  expect(await aliasOwner(api, row, BASE, places)).toEqual({
    kind: 'other',
    longurl: 'https://a.example',
    at: 'https://go.example/spring',
  });
  expect(await aliasOwner(api, { ...row, custom: 'summer' }, BASE, places)).toEqual({ kind: 'free' });
  expect(asked).toEqual([
    `${BASE}/spring`,
    '/urls',
    '/domains',
    `${BASE}/spring`,
    '/urls',
    '/domains',
    'https://go.example/spring',
    `${BASE}/summer`,
    'https://go.example/summer', // the profile's domain and the listed one are one place
  ]);
  // 2 rows on the service's own domain, 1 on a domain the account does not list: 2 + 2 + 3 lookups at most.
  const rows = new Map([
    [aliasPlace({ custom: 'a' }, BASE), 2],
    [aliasPlace({ custom: 'b', domain: 'elsewhere.example' }, BASE), 1],
  ]);
  expect(await mostLookups(places, rows)).toBe(7);
});

test("the service's own short links on another origin than the API (learnt from the links listed) are the row's place", async () => {
  const API = 'https://api.gateway.example';
  const { api } = fakeApi({ 'https://sho.rt/spring': 'https://a.example' }, ['https://go.example']);
  const listed = {
    error: '0',
    data: {
      result: 2,
      urls: [
        { id: 1, alias: 'spring', shorturl: 'https://sho.rt/spring' },
        { id: 2, alias: 'autumn', shorturl: 'https://go.example/autumn' },
      ],
    },
  };
  const call = api.call.bind(api) as (...args: unknown[]) => Promise<unknown>;
  api.call = (async (method: string, path: string, opts?: { query?: Record<string, unknown> }) =>
    path === '/urls' && opts?.query?.short === undefined ? listed : call(method, path, opts)) as typeof api.call;
  const places = accountAliasPlaces(api, { baseUrl: API }, () => {});
  expect(await aliasOwner(api, { url: 'https://a.example', custom: 'spring' }, API, places)).toEqual({ kind: 'same' });
  // A row for a branded domain: the service's own link of that alias is another place's.
  expect(
    await aliasOwner(api, { url: 'https://a.example', custom: 'spring', domain: 'go.example' }, API, places),
  ).toEqual({
    kind: 'other',
    longurl: 'https://a.example',
    at: 'https://sho.rt/spring',
  });
  const other = await aliasOwner(api, { url: 'https://b.example', custom: 'spring' }, API, places);
  expect(other).toEqual({ kind: 'other', longurl: 'https://a.example', at: 'https://sho.rt/spring' });
});
