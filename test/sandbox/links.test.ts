// Short links: add/get/list/lookup/update/delete, validation messages, redirects and clicks.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

let sb: StartedSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const follow = (path: string) => fetch(`${sb.baseUrl}${path}`, { redirect: 'manual' });

describe('create and read', () => {
  test('POST /url/add answers {error, id, shorturl} with a 5-6 character random alias', async () => {
    const { json } = await sb.api('POST', '/url/add', { url: 'https://example.com/page' });
    expect(json).toEqual({
      error: 0,
      id: expect.any(Number),
      shorturl: expect.stringMatching(new RegExp(`^${sb.baseUrl}/[a-zA-Z0-9]{5,6}$`)),
    });
  });

  test('GET /url/:id answers the detail shape with every field of the spec', async () => {
    const body = {
      url: 'https://example.com/detail',
      custom: 'detailed',
      expiry: '2099-12-31 23:59:59',
      metatitle: 'Detail page',
      metadescription: 'A description',
      geotarget: [{ location: 'Canada', link: 'https://example.ca' }],
      devicetarget: [{ device: 'iPhone', link: 'https://apple.example.com' }],
      languagetarget: [{ language: 'fr', link: 'https://example.fr' }],
      deeplink: { apple: 'https://apps.apple.com/app/id1', google: 'https://play.google.com/store/apps/details?id=x' },
      parameters: [{ name: 'utm_source', value: 'cli' }],
      pixels: [1, 2],
      type: 'frame',
    };
    const added = await sb.api('POST', '/url/add', body);
    expect(added.json.shorturl).toBe(`${sb.baseUrl}/detailed`);
    const { json } = await sb.api('GET', `/url/${added.json.id}`);
    expect(json).toEqual({
      error: 0,
      id: added.json.id,
      details: {
        id: added.json.id,
        shorturl: `${sb.baseUrl}/detailed`,
        longurl: 'https://example.com/detail',
        title: 'Detail page',
        description: 'A description',
        location: { Canada: 'https://example.ca' },
        device: { iPhone: 'https://apple.example.com' },
        expiry: '2099-12-31 23:59:59',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
      data: {
        clicks: 0,
        uniqueClicks: 0,
        topCountries: 0,
        topReferrers: 0,
        topBrowsers: 0,
        topOs: 0,
        socialCount: expect.objectContaining({ facebook: 0, twitter: 0 }),
      },
    });
  });

  test('JSON output escapes slashes like PHP', async () => {
    const { text } = await sb.api('POST', '/url/add', { url: 'https://example.com/slashes' });
    expect(text).toContain('http:\\/\\/127.0.0.1');
  });

  test('unknown or malformed ids answer "Link does not exist."', async () => {
    for (const id of ['99999', 'abc', '0', '-1']) {
      const res = await sb.api('GET', `/url/${id}`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ error: 1, message: 'Link does not exist.' });
    }
  });
});

describe('validation', () => {
  test.each([
    [{ url: 'notaurl' }, 'Please enter a valid URL.'],
    [{ url: 'ftp://example.com/x' }, 'Please enter a valid URL.'],
    [{}, 'Please enter a valid URL.'],
    [{ url: 42 }, 'Please enter a valid URL.'],
    [{ url: 'https://example.com', custom: 'ab' }, 'Custom alias must be at least 3 characters.'],
    [{ url: 'https://example.com', custom: 'api' }, 'That alias is taken. Please choose another one.'],
    [
      { url: 'https://example.com', expiry: '2024-02-30 10:00:00' },
      'Please enter a valid expiry date (yyyy-mm-dd hh:mm:ss).',
    ],
    [{ url: 'https://example.com', expiry: '2024-02-01' }, 'Please enter a valid expiry date (yyyy-mm-dd hh:mm:ss).'],
    [
      { url: 'https://example.com', pixels: ['x'] },
      'Invalid value for "pixels": expected an array of positive integer ids.',
    ],
    [{ url: 'https://example.com', channel: 9999 }, 'Channel does not exist.'],
    [{ url: 'https://example.com', domain: 'https://unknown.example' }, 'Domain does not exist.'],
    [
      { url: 'https://example.com', geotarget: 'Canada' },
      'Invalid value for "geotarget": expected an array of {location, link}.',
    ],
    [
      { url: 'https://example.com', type: 'teleport' },
      'Invalid redirect type. Use direct, frame, splash, a splash page id or overlay-<id>.',
    ],
    [{ url: 'https://example.com', metatitle: { a: 1 } }, 'Invalid value for "metatitle": expected a string.'],
    [
      { url: 'https://example.com', deeplink: { windows: 'https://x.example' } },
      'Invalid value for "deeplink": unknown store "windows".',
    ],
  ])('%j -> %s', async (body, message) => {
    const res = await sb.api('POST', '/url/add', body);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ error: 1, message });
  });

  test('a taken alias is refused', async () => {
    await sb.api('POST', '/url/add', { url: 'https://example.com', custom: 'taken1' });
    expect((await sb.api('POST', '/url/add', { url: 'https://example.com', custom: 'taken1' })).json).toEqual({
      error: 1,
      message: 'That alias is taken. Please choose another one.',
    });
  });

  test('create accepts a splash id and overlay-<id> as type', async () => {
    expect((await sb.api('POST', '/url/add', { url: 'https://example.com', type: '1' })).json.error).toBe(0);
    expect((await sb.api('POST', '/url/add', { url: 'https://example.com', type: 'overlay-2' })).json.error).toBe(0);
  });

  test('a branded domain shapes the short URL', async () => {
    await sb.api('POST', '/domain/add', { domain: 'https://brand.example' });
    const { json } = await sb.api('POST', '/url/add', {
      url: 'https://example.com',
      domain: 'brand.example',
      custom: 'branded',
    });
    expect(json.shorturl).toBe('https://brand.example/branded');
    const lookup = await sb.api('GET', `/urls?short=${encodeURIComponent('https://brand.example/branded')}`);
    expect(lookup.json.details.id).toBe(json.id);
  });
});

describe('update and delete', () => {
  test('PUT /url/:id/update answers {error, id, short} and changes fields', async () => {
    const { json } = await sb.api('POST', '/url/add', { url: 'https://example.com/before', custom: 'before1' });
    const updated = await sb.api('PUT', `/url/${json.id}/update`, {
      url: 'https://example.com/after',
      custom: 'after1',
      type: 'splash',
    });
    expect(updated.json).toEqual({ error: 0, id: json.id, short: `${sb.baseUrl}/after1` });
    const detail = await sb.api('GET', `/url/${json.id}`);
    expect(detail.json.details.longurl).toBe('https://example.com/after');
  });

  test('update refuses types other than the three kinds, and needs url', async () => {
    const { json } = await sb.api('POST', '/url/add', { url: 'https://example.com' });
    expect(
      (await sb.api('PUT', `/url/${json.id}/update`, { url: 'https://example.com', type: '1' })).json.message,
    ).toBe('Invalid redirect type. Use direct, frame or splash.');
    expect((await sb.api('PUT', `/url/${json.id}/update`, { type: 'direct' })).json.message).toBe(
      'Please enter a valid URL.',
    );
    expect((await sb.api('PUT', '/url/99999/update', { url: 'https://example.com' })).json.message).toBe(
      'Link does not exist.',
    );
  });

  test('DELETE /url/:id/delete', async () => {
    const { json } = await sb.api('POST', '/url/add', { url: 'https://example.com', custom: 'gone1' });
    expect((await sb.api('DELETE', `/url/${json.id}/delete`)).json).toEqual({
      error: 0,
      message: 'Link has been deleted successfully.',
    });
    expect((await sb.api('GET', `/url/${json.id}`)).json.error).toBe(1);
    expect((await follow('/gone1')).status).toBe(404);
  });
});

describe('lookup, order and clicks', () => {
  test('GET /urls?short= answers the single-link detail, or the not-found error', async () => {
    const { json } = await sb.api('POST', '/url/add', { url: 'https://example.com/lookup', custom: 'lookme' });
    const found = await sb.api('GET', `/urls?short=${encodeURIComponent(json.shorturl)}&limit=1&page=9`);
    expect(found.json.error).toBe(0);
    expect(found.json.details).toMatchObject({ id: json.id, longurl: 'https://example.com/lookup' });
    expect((await sb.api('GET', `/urls?short=${encodeURIComponent(`${sb.baseUrl}/nope123`)}`)).json).toEqual({
      error: 1,
      message: 'Link does not exist.',
    });
  });

  test('GET /<alias> redirects 302 and counts clicks (and unique visitors)', async () => {
    const { json } = await sb.api('POST', '/url/add', { url: 'https://example.com/clicked', custom: 'clicky' });
    for (let i = 0; i < 3; i++) {
      const res = await follow('/clicky');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://example.com/clicked');
    }
    const detail = await sb.api('GET', `/url/${json.id}`);
    expect(detail.json.data.clicks).toBe(3);
    expect(detail.json.data.uniqueClicks).toBe(1);
    const byClick = await sb.api('GET', '/urls?order=click&limit=1');
    expect(byClick.json.data.urls[0]).toMatchObject({ alias: 'clicky', clicks: 3 });
    const byDate = await sb.api('GET', '/urls?order=date&limit=1');
    expect(byDate.json.data.urls[0].id).toBe(
      Math.max(...(await sb.api('GET', '/urls?limit=1000')).json.data.urls.map((u: { id: number }) => u.id)),
    );
  });

  test('expired links and unknown aliases answer 404', async () => {
    await sb.api('POST', '/url/add', { url: 'https://example.com', custom: 'expired1', expiry: '2000-01-01 00:00:00' });
    const expired = await follow('/expired1');
    expect(expired.status).toBe(404);
    expect(expired.headers.get('content-type')).toMatch(/text\/html/);
    expect((await follow('/never-made')).status).toBe(404);
  });

  test('password-protected links need ?password=', async () => {
    await sb.api('POST', '/url/add', { url: 'https://example.com/secret', custom: 'locked', password: 'pw123' });
    expect((await follow('/locked')).status).toBe(401);
    const ok = await follow('/locked?password=pw123');
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('https://example.com/secret');
  });

  test('redirects are not rate limited nor logged as API requests', async () => {
    await sb.admin.reset();
    await follow('/clicky');
    const res = await follow('/clicky');
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    expect(await sb.admin.requests()).toEqual([]);
  });
});
