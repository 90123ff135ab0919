// `--flavor v6`, the resources: numbers as strings where v6 sends the raw column, `error` 0 in
// lists, its keys, answer shapes and messages (docs/api.md, "Server versions").
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

let sb: StartedSandbox;
beforeEach(async () => {
  await sb?.close();
  sb = await startSandbox({ flavor: 'v6' });
});
afterAll(() => sb.close());

describe('links', () => {
  test('list: error 0, clicks and uniqueclicks as strings, domain, campaign and channel', async () => {
    const { json: added } = await sb.api('POST', '/url/add', { url: 'https://example.com/listed', custom: 'listed' });
    await fetch(`${sb.baseUrl}/listed`, { redirect: 'manual' });
    await fetch(`${sb.baseUrl}/listed`, { redirect: 'manual' });
    const list = await sb.api('GET', '/urls');
    expect(list.json.error).toBe(0);
    expect(list.json.data.urls).toEqual([
      {
        id: Number(added.id),
        alias: 'listed',
        shorturl: `${sb.baseUrl}/listed`,
        longurl: 'https://example.com/listed',
        title: 'example.com',
        description: '',
        clicks: '2',
        uniqueclicks: '1',
        domain: sb.baseUrl,
        campaign: null,
        channel: [],
        date: expect.any(String),
      },
    ]);
  });

  test('list: campaign and channels of a link that has them', async () => {
    const campaign = (await sb.api('POST', '/campaign/add', { name: 'Spring' })).json.id;
    const channel = (await sb.api('POST', '/channel/add', { name: 'Launch' })).json.id;
    const { json } = await sb.api('POST', '/url/add', { url: 'https://example.com/grouped', channel });
    await sb.api('POST', `/campaign/${campaign}/assign/${json.id}`);
    expect((await sb.api('GET', '/urls')).json.data.urls[0]).toMatchObject({
      campaign: String(campaign),
      channel: [channel],
    });
  });

  test('url/add answers the id as a string; url/:id/update answers shorturl', async () => {
    const added = await sb.api('POST', '/url/add', { url: 'https://example.com/a' });
    expect(added.json).toEqual({
      error: 0,
      id: expect.stringMatching(/^\d+$/),
      shorturl: expect.stringContaining(sb.baseUrl),
    });
    const updated = await sb.api('PUT', `/url/${added.json.id}/update`, {
      url: 'https://example.com/b',
      custom: 'renamed',
    });
    expect(updated.json).toEqual({ error: 0, id: Number(added.json.id), shorturl: `${sb.baseUrl}/renamed` });
  });

  test('url/add without url is "Missing required parameter: url"; a bad one is still "Please enter a valid URL."', async () => {
    expect((await sb.api('POST', '/url/add', { custom: 'nourl' })).json).toEqual({
      error: 1,
      message: 'Missing required parameter: url',
    });
    expect((await sb.api('POST', '/url/add', { url: null })).json.message).toBe('Missing required parameter: url');
    expect((await sb.api('POST', '/url/add', { url: 'not a url' })).json.message).toBe('Please enter a valid URL.');
  });
});

describe('lists with string ids', () => {
  test('pixels, domains, QR codes (and their scans), overlays under `overlay`, splash pages', async () => {
    await sb.api('POST', '/pixel/add', { type: 'gapixel', name: 'GA', tag: 'G-1' });
    await sb.api('POST', '/domain/add', { domain: 'https://go.example.com' });
    const qr = (await sb.api('POST', '/qr/add', { type: 'link', data: 'https://example.com/qr' })).json;
    await fetch(qr.link, { redirect: 'manual' });
    const first = async (path: string, key: string) => {
      const { json } = await sb.api('GET', path);
      expect(json.error).toBe(0);
      return json.data[key][0];
    };
    expect(await first('/pixels', 'pixels')).toMatchObject({ id: '1', name: 'GA' });
    expect(await first('/domains', 'domains')).toMatchObject({ id: '1', domain: 'https://go.example.com' });
    expect(await first('/qr', 'qrs')).toEqual({
      id: String(qr.id),
      name: 'https://example.com/qr',
      link: qr.link,
      scans: '1',
      date: expect.any(String),
    });
    expect(await first('/overlay', 'overlay')).toMatchObject({ id: '3', type: 'message' });
    expect((await sb.api('GET', '/overlay')).json.data.cta).toBeUndefined();
    expect(await first('/splash', 'splash')).toMatchObject({ id: '2' });
    expect((await sb.api('GET', '/channels')).json.error).toBe(0);
  });
});

test('account: status "free" and planid "4"', async () => {
  const { json } = await sb.api('GET', '/account');
  expect(json.error).toBe(0);
  expect(json.data).toMatchObject({ status: 'free', planid: '4', id: 1, username: 'sandbox' });
});

describe('campaigns', () => {
  test('create and update answer the capitalised name under `campaign`; list is /u/<username>/<slug>-<id>', async () => {
    const created = await sb.api('POST', '/campaign/add', { name: 'spring sale', slug: 'spring', public: true });
    const id = created.json.id;
    expect(created.json).toEqual({
      error: 0,
      id,
      campaign: 'Spring sale',
      public: true,
      rotator: `${sb.baseUrl}/r/spring`,
      list: `${sb.baseUrl}/u/sandbox/spring-${id}`,
    });
    const updated = await sb.api('PUT', `/campaign/${id}/update`, { name: 'autumn' });
    expect(updated.json).toMatchObject({ campaign: 'Autumn', list: `${sb.baseUrl}/u/sandbox/spring-${id}` });
    expect((await sb.api('GET', '/campaigns')).json.data.campaigns[0]).toEqual({
      id,
      name: 'Autumn',
      public: true,
      rotator: `${sb.baseUrl}/r/spring`,
      list: `${sb.baseUrl}/u/sandbox/spring-${id}`,
      views: 0,
    });
  });

  test('a campaign created without a slug gets a random one', async () => {
    const { json } = await sb.api('POST', '/campaign/add', { name: 'No slug' });
    expect(json.rotator).toMatch(new RegExp(`^${sb.baseUrl}/r/[0-9a-f]{6}$`));
    expect(json.list).toBe(`${sb.baseUrl}/u/sandbox/${json.rotator.split('/').pop()}-${json.id}`);
  });

  test('duplicate names, names under 2 characters and taken slugs are refused with v6 messages', async () => {
    await sb.api('POST', '/campaign/add', { name: 'Summer', slug: 'summer' });
    const message = async (body: object) => (await sb.api('POST', '/campaign/add', body)).json;
    expect(await message({ name: 'Summer' })).toEqual({
      error: 1,
      message: 'You already have a campaign with that name.',
    });
    expect(await message({ name: 'S' })).toEqual({
      error: 1,
      message: 'Campaign name cannot be empty and must have at least 2 characters.',
    });
    expect(await message({})).toEqual({
      error: 1,
      message: 'Campaign name cannot be empty and must have at least 2 characters.',
    });
    expect(await message({ name: 'Winter', slug: 'summer' })).toEqual({
      error: 1,
      message: 'This slug is currently not available. Please choose another one.',
    });
  });
});

describe('channels', () => {
  test('update answers the channel', async () => {
    const { json } = await sb.api('POST', '/channel/add', { name: 'Before', description: 'keep' });
    expect((await sb.api('PUT', `/channel/${json.id}/update`, { name: 'After', starred: true })).json).toEqual({
      error: 0,
      id: json.id,
      name: 'After',
      description: 'keep',
      color: '#000000',
      starred: true,
    });
  });

  test('an item may sit in several channels, once in each', async () => {
    const a = (await sb.api('POST', '/channel/add', { name: 'A channel' })).json.id;
    const b = (await sb.api('POST', '/channel/add', { name: 'B channel' })).json.id;
    const link = (await sb.api('POST', '/url/add', { url: 'https://example.com/shared' })).json.id;
    const assign = async (channel: number, type = 'links') =>
      (await sb.api('POST', `/channel/${channel}/assign/${type}/${link}`)).json;
    expect(await assign(a)).toEqual({ error: 0, message: 'Link successfully added to the channel.' });
    expect(await assign(b)).toEqual({ error: 0, message: 'Link successfully added to the channel.' });
    expect(await assign(a)).toEqual({ error: 1, message: 'This item is already added to the selected channel.' });
    for (const channel of [a, b]) {
      const items = (await sb.api('GET', `/channel/${channel}`)).json;
      expect(items.error).toBe(0);
      expect(items.data.items.map((i: { type: string; id: number }) => `${i.type}:${i.id}`)).toEqual([`links:${link}`]);
    }
    expect((await sb.api('GET', '/urls')).json.data.urls[0].channel).toEqual([a, b]);
  });

  test('an unknown item type is read as links; an unknown bio page is refused', async () => {
    const channel = (await sb.api('POST', '/channel/add', { name: 'Typed' })).json.id;
    const link = (await sb.api('POST', '/url/add', { url: 'https://example.com/typed' })).json.id;
    expect((await sb.api('POST', `/channel/${channel}/assign/pages/${link}`)).json).toEqual({
      error: 0,
      message: 'Link successfully added to the channel.',
    });
    expect((await sb.api('GET', `/channel/${channel}`)).json.data.items[0]).toMatchObject({
      type: 'links',
      id: Number(link),
    });
    expect((await sb.api('POST', `/channel/${channel}/assign/bio/77`)).json).toEqual({
      error: 1,
      message: 'Bio Page does not exist. Please try again.',
    });
  });
});

describe('QR codes', () => {
  test('detail: the date under details.data, the statistics only for a QR code with a link', async () => {
    const link = (await sb.api('POST', '/qr/add', { type: 'link', data: 'https://example.com/scan' })).json;
    await fetch(link.link, { redirect: 'manual' });
    const withLink = (await sb.api('GET', `/qr/${link.id}`)).json;
    expect(withLink.details).toEqual({
      id: String(link.id),
      name: 'https://example.com/scan',
      link: link.link,
      scans: '1',
      data: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(withLink.data).toMatchObject({ clicks: 1, uniqueClicks: 1 });
    for (const body of [
      { type: 'text', data: 'hello' },
      { type: 'vcard', data: { name: 'Ada' } },
    ]) {
      const { json } = await sb.api('POST', '/qr/add', body);
      const detail = (await sb.api('GET', `/qr/${json.id}`)).json;
      expect(detail).toEqual({ error: 0, details: expect.objectContaining({ id: String(json.id), scans: '0' }) });
    }
  });

  test('update and delete say "QR has been ..."', async () => {
    const { json } = await sb.api('POST', '/qr/add', { type: 'text', data: 'hello' });
    expect((await sb.api('PUT', `/qr/${json.id}/update`, { data: 'bye' })).json).toEqual({
      error: 0,
      message: 'QR has been updated successfully.',
    });
    expect((await sb.api('DELETE', `/qr/${json.id}/delete`)).json).toEqual({
      error: 0,
      message: 'QR has been deleted successfully.',
    });
  });
});
