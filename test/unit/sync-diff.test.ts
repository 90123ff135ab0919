import { describe, expect, it } from 'vitest';
import { urlKey } from '../../src/bulk/sync/desired.js';
import { linkDiff, updateBody } from '../../src/bulk/sync/diff.js';
import { planSync } from '../../src/bulk/sync/plan.js';
import { CredentialRows } from '../../src/bulk/engine/check/row-check.js';
import type { LinkBody } from '../../src/input/link-body.js';

const BASE = 'https://sho.rt';
const item = (extra: Record<string, unknown> = {}) => ({
  id: 1,
  alias: 'spring',
  shorturl: `${BASE}/spring`,
  longurl: 'https://example.com/a',
  title: 'T',
  description: 'D',
  ...extra,
});
const body = (extra: Partial<LinkBody> = {}): LinkBody => ({
  url: 'https://example.com/a',
  custom: 'spring',
  ...extra,
});

describe('linkDiff: only the fields the row sets, compared as the same value', () => {
  it.each([
    ['same long URL, other spelling', body({ url: 'https://EXAMPLE.com/a' }), item(), []],
    ['another long URL', body({ url: 'https://example.com/b' }), item(), ['url']],
    ["the service's own domain is no domain", body({ domain: 'sho.rt' }), item(), []],
    [
      'a branded domain, with or without scheme',
      body({ domain: 'go.example.com' }),
      item({ shorturl: 'https://Go.example.com/spring' }),
      [],
    ],
    ['another branded domain', body({ domain: 'go.example.com' }), item(), ['domain']],
    ['title and description', body({ metatitle: 'T', metadescription: 'E' }), item(), ['metadescription']],
    ['pixels in another order', body({ pixels: [2, 1] }), item({ pixels: [1, 2] }), []],
    ['a channel among several (v6)', body({ channel: 3 }), item({ channel: [5, 3] }), []],
    ['a channel not among them', body({ channel: 4 }), item({ channel: [5, 3] }), ['channel']],
    [
      'geo targets',
      body({ geotarget: [{ location: 'US', link: 'https://example.com/us' }] }),
      item({ geotarget: [{ location: 'US', link: 'https://example.com/us' }] }),
      [],
    ],
  ] as const)('%s', (_name, b, i, changed) => {
    expect(linkDiff(b as LinkBody, i, 'alias', BASE).changes.map((c) => c.field)).toEqual(changed);
  });

  it('a field the list does not show is unseen, not changed', () => {
    expect(linkDiff(body({ expiry: '2031-01-01 00:00:00', password: 'pw' }), item(), 'alias', BASE)).toEqual({
      changes: [],
      unseen: ['password', 'expiry'],
    });
  });

  it('--key url: the alias is a field like any other', () => {
    expect(linkDiff(body({ custom: 'autumn' }), item(), 'url', BASE).changes).toEqual([
      { field: 'custom', from: 'spring', to: 'autumn' },
    ]);
  });
});

describe('updateBody: the differing fields and the long URL the API requires', () => {
  it("keeps the link's own long URL when it is not changing", () => {
    const b = body({ url: 'https://example.com/a', metatitle: 'New' });
    const i = item({ longurl: 'https://Example.com:443/a' });
    expect(updateBody(b, i, linkDiff(b, i, 'alias', BASE).changes)).toEqual({
      url: 'https://Example.com:443/a',
      metatitle: 'New',
    });
  });
  it('sends the new long URL when it is', () => {
    const b = body({ url: 'https://example.com/new', metatitle: 'T' });
    expect(updateBody(b, item(), linkDiff(b, item(), 'alias', BASE).changes)).toEqual({
      url: 'https://example.com/new',
    });
  });
});

describe('planSync: several account links under one key', () => {
  const account = (...items: ReturnType<typeof item>[]) => ({
    byKey: new Map([[urlKey(items[0]!.longurl), items.map((i) => ({ id: String(i.id), item: i }))]]),
    links: items.length,
    requests: 1,
  });
  const desired = (b: LinkBody) => ({
    rows: 1,
    links: [{ row: 1, key: urlKey(b.url), body: b }],
    invalid: [],
    credentials: new CredentialRows(),
  });

  it('--key url: the row is the link that already has its alias, not the oldest, which --prune deletes', () => {
    // One long URL shortened twice: the row names the newer link's alias. Matching the oldest
    // would rename it to an alias that is taken and delete the very link the row describes.
    const old = item({ id: 10, alias: 'p10', shorturl: `${BASE}/p10` });
    const named = item({ id: 20, alias: 'pp10', shorturl: `${BASE}/pp10` });
    const plan = planSync(desired(body({ custom: 'pp10', metatitle: 'T' })), account(old, named), {
      key: 'url',
      prune: true,
      baseUrl: BASE,
    });
    expect(plan.unchanged).toBe(1);
    expect(plan.items).toEqual([
      { op: 'delete', key: urlKey(old.longurl), id: '10', longurl: old.longurl, alias: 'p10' },
    ]);
  });

  it('with nothing to tell them apart, the oldest (lowest id)', () => {
    const plan = planSync(desired(body({ custom: undefined })), account(item({ id: 30 }), item({ id: 7 })), {
      key: 'url',
      prune: true,
      baseUrl: BASE,
    });
    expect(plan.items).toMatchObject([{ op: 'delete', id: '30' }]);
  });
});
