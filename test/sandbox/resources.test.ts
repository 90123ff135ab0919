// Shapes of the account, domain, overlay, splash, campaign and pixel endpoints.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PIXEL_TYPES } from '../../src/api/types.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
let sb: StartedSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

describe('account', () => {
  test('GET /account returns the seeded pro account', async () => {
    const { status, json } = await sb.api('GET', '/account');
    expect(status).toBe(200);
    expect(json.error).toBe(0);
    expect(json.data).toMatchObject({ id: 1, username: 'sandbox', status: 'pro' });
    expect(json.data.expires).toMatch(DATE_TIME);
    expect(json.data.registered).toMatch(DATE_TIME);
    expect(json.data.avatar).toMatch(/^https:\/\//);
  });

  test('PUT /account/update changes the email and validates it', async () => {
    const updated = await sb.api('PUT', '/account/update', { email: 'new@example.org', password: 'secret123' });
    expect(updated.json).toEqual({ error: 0, message: 'Account has been successfully updated.' });
    expect((await sb.api('GET', '/account')).json.data.email).toBe('new@example.org');
    const bad = await sb.api('PUT', '/account/update', { email: 'not-an-email' });
    expect(bad.status).toBe(200);
    expect(bad.json).toEqual({ error: 1, message: 'Please enter a valid email.' });
  });
});

describe('domains', () => {
  test('add, list, update, delete', async () => {
    const added = await sb.api('POST', '/domain/add', {
      domain: 'https://go.example.com/',
      redirectroot: 'https://example.com',
    });
    expect(added.json).toEqual({ error: 0, id: expect.any(Number) });
    const list = await sb.api('GET', '/domains');
    expect(list.json.error).toBe('0');
    expect(list.json.data.domains).toContainEqual({
      id: added.json.id,
      domain: 'https://go.example.com',
      redirectroot: 'https://example.com',
      redirect404: '',
    });

    const update = await sb.api('PUT', `/domain/${added.json.id}/update`, { redirect404: 'https://example.com/404' });
    expect(update.json).toEqual({ error: 0, message: 'Domain has been updated successfully.' });
    const again = await sb.api('GET', '/domains');
    expect(again.json.data.domains.find((d: { id: number }) => d.id === added.json.id).redirect404).toBe(
      'https://example.com/404',
    );

    const removed = await sb.api('DELETE', `/domain/${added.json.id}/delete`);
    expect(removed.json).toEqual({ error: 0, message: 'Domain has been deleted successfully.' });
    expect((await sb.api('DELETE', `/domain/${added.json.id}/delete`)).json).toEqual({
      error: 1,
      message: 'Domain does not exist.',
    });
  });

  test('rejects a domain without scheme and a duplicate', async () => {
    expect((await sb.api('POST', '/domain/add', { domain: 'example.net' })).json.error).toBe(1);
    await sb.api('POST', '/domain/add', { domain: 'https://dup.example.com' });
    const dup = await sb.api('POST', '/domain/add', { domain: 'https://dup.example.com' });
    expect(dup.json).toEqual({ error: 1, message: 'This domain has already been added.' });
    const badRedirect = await sb.api('POST', '/domain/add', {
      domain: 'https://x.example.com',
      redirectroot: 'ftp://x',
    });
    expect(badRedirect.json).toEqual({ error: 1, message: 'Please enter a valid URL.' });
  });
});

describe('read-only lists', () => {
  test('GET /overlay lists seeded overlays under cta', async () => {
    const { json } = await sb.api('GET', '/overlay');
    expect(json.error).toBe('0');
    expect(json.data.result).toBe(3);
    expect(json.data.cta.map((o: { type: string }) => o.type).sort()).toEqual(['contact', 'message', 'message']);
    for (const o of json.data.cta) expect(Object.keys(o)).toEqual(['id', 'type', 'name', 'date']);
  });

  test('GET /splash lists seeded splash pages', async () => {
    const { json } = await sb.api('GET', '/splash');
    expect(json.data.result).toBe(2);
    expect(json.data.splash[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      date: expect.stringMatching(DATE_TIME),
    });
  });

  test('they have no write routes: POST answers an HTML 405', async () => {
    const res = await sb.api('POST', '/overlay', {});
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('campaigns', () => {
  test('add answers the name under domain, with rotator and list URLs', async () => {
    const withSlug = await sb.api('POST', '/campaign/add', { name: 'Spring', slug: 'spring', public: true });
    expect(withSlug.json).toEqual({
      error: 0,
      id: expect.any(Number),
      domain: 'Spring',
      public: true,
      rotator: `${sb.baseUrl}/r/spring`,
      list: `${sb.baseUrl}/u/spring/${withSlug.json.id}`,
    });
    const noSlug = await sb.api('POST', '/campaign/add', { name: 'Plain' });
    expect(noSlug.json.rotator).toBe(false);
    expect(noSlug.json.public).toBe(false);
    const list = await sb.api('GET', '/campaigns');
    expect(list.json.data.campaigns[0]).toEqual({
      id: noSlug.json.id,
      name: 'Plain',
      public: false,
      rotator: false,
      list: `${sb.baseUrl}/u/${noSlug.json.id}/${noSlug.json.id}`,
    });
  });

  test('update requires a name and returns the add shape; slugs are unique', async () => {
    const a = await sb.api('POST', '/campaign/add', { name: 'A', slug: 'aaa' });
    const b = await sb.api('POST', '/campaign/add', { name: 'B' });
    expect((await sb.api('PUT', `/campaign/${b.json.id}/update`, { slug: 'x' })).json).toEqual({
      error: 1,
      message: 'Campaign name is required.',
    });
    const taken = await sb.api('PUT', `/campaign/${b.json.id}/update`, { name: 'B2', slug: 'aaa' });
    expect(taken.json.message).toBe('That slug is taken. Please choose another one.');
    const ok = await sb.api('PUT', `/campaign/${b.json.id}/update`, { name: 'B2', slug: 'bee', public: true });
    expect(ok.json).toMatchObject({
      error: 0,
      id: b.json.id,
      domain: 'B2',
      public: true,
      rotator: `${sb.baseUrl}/r/bee`,
    });
    expect((await sb.api('PUT', '/campaign/9999/update', { name: 'x' })).json).toEqual({
      error: 1,
      message: 'Campaign does not exist.',
    });
    expect(a.json.rotator).toBe(`${sb.baseUrl}/r/aaa`);
  });

  test('assign a link, rotator redirects to it, delete', async () => {
    const c = await sb.api('POST', '/campaign/add', { name: 'Rot', slug: 'rot' });
    const link = await sb.api('POST', '/url/add', { url: 'https://example.com/rotated' });
    const assigned = await sb.api('POST', `/campaign/${c.json.id}/assign/${link.json.id}`);
    expect(assigned.json).toEqual({ error: 0, message: 'Link has been successfully added to the campaign.' });
    expect((await sb.api('POST', `/campaign/${c.json.id}/assign/99999`)).json).toEqual({
      error: 1,
      message: 'Link does not exist.',
    });
    const rotated = await fetch(`${sb.baseUrl}/r/rot`, { redirect: 'manual' });
    expect(rotated.status).toBe(302);
    expect(rotated.headers.get('location')).toBe('https://example.com/rotated');
    expect((await sb.api('DELETE', `/campaign/${c.json.id}/delete`)).json).toEqual({
      error: 0,
      message: 'Campaign has been deleted successfully.',
    });
    expect((await fetch(`${sb.baseUrl}/r/rot`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('pixels', () => {
  test('accepts each of the 13 types, in the contract order', async () => {
    expect(PIXEL_TYPES).toHaveLength(13);
    for (const type of PIXEL_TYPES) {
      const res = await sb.api('POST', '/pixel/add', { type, name: `${type} pixel`, tag: `TAG-${type}` });
      expect(res.json).toEqual({ error: 0, id: expect.any(Number) });
    }
    const list = await sb.api('GET', '/pixels?limit=100');
    expect(list.json.data.result).toBe(13);
    expect(list.json.data.pixels[0]).toEqual({
      id: expect.any(Number),
      type: 'tiktok',
      name: 'tiktok pixel',
      tag: 'TAG-tiktok',
      date: expect.stringMatching(DATE_TIME),
    });
  });

  test('unknown provider, missing name or tag', async () => {
    expect((await sb.api('POST', '/pixel/add', { type: 'myspace', name: 'n', tag: 't' })).json).toEqual({
      error: 1,
      message: 'Pixel provider is currently not supported.',
    });
    expect((await sb.api('POST', '/pixel/add', { type: 'gapixel', tag: 't' })).json.error).toBe(1);
    expect((await sb.api('POST', '/pixel/add', { type: 'gapixel', name: 'n' })).json.error).toBe(1);
  });

  test('update needs the tag; delete', async () => {
    const { json } = await sb.api('POST', '/pixel/add', { type: 'bing', name: 'Bing', tag: 'B1' });
    expect((await sb.api('PUT', `/pixel/${json.id}/update`, { name: 'x' })).json).toEqual({
      error: 1,
      message: 'Please enter the pixel tag.',
    });
    expect((await sb.api('PUT', `/pixel/${json.id}/update`, { tag: 'B2', name: 'Bing 2' })).json).toEqual({
      error: 0,
      message: 'Pixel has been updated successfully.',
    });
    const list = await sb.api('GET', '/pixels');
    expect(list.json.data.pixels.find((p: { id: number }) => p.id === json.id)).toMatchObject({
      tag: 'B2',
      name: 'Bing 2',
      type: 'bing',
    });
    expect((await sb.api('DELETE', `/pixel/${json.id}/delete`)).json).toEqual({
      error: 0,
      message: 'Pixel has been deleted successfully.',
    });
    expect((await sb.api('PUT', `/pixel/${json.id}/update`, { tag: 'x' })).json).toEqual({
      error: 1,
      message: 'Pixel does not exist.',
    });
  });
});
