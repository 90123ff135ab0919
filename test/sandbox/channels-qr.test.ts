// Channels (with their items) and QR codes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { QR_TYPES } from '../../src/api/types.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

let sb: StartedSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

describe('channels', () => {
  test('add answers every channel field; defaults for color and starred', async () => {
    const full = await sb.api('POST', '/channel/add', {
      name: 'Launch',
      description: 'Q3',
      color: '#FF8800',
      starred: true,
    });
    expect(full.json).toEqual({
      error: 0,
      id: expect.any(Number),
      name: 'Launch',
      description: 'Q3',
      color: '#FF8800',
      starred: true,
    });
    const bare = await sb.api('POST', '/channel/add', { name: 'Bare' });
    expect(bare.json).toMatchObject({ description: '', color: '#000000', starred: false });
    const list = await sb.api('GET', '/channels');
    expect(list.json.data.channels[0]).toEqual({
      id: bare.json.id,
      name: 'Bare',
      description: '',
      color: '#000000',
      starred: false,
    });
  });

  test('validates name, color and starred', async () => {
    const nameMsg = 'Channel name cannot be empty and must have at least 2 characters.';
    expect((await sb.api('POST', '/channel/add', { name: 'x' })).json).toEqual({ error: 1, message: nameMsg });
    expect((await sb.api('POST', '/channel/add', {})).json).toEqual({ error: 1, message: nameMsg });
    expect((await sb.api('POST', '/channel/add', { name: 'ok', color: 'red' })).json.error).toBe(1);
    expect((await sb.api('POST', '/channel/add', { name: 'ok', starred: 'maybe' })).json.message).toBe(
      'Invalid value for "starred": expected a boolean.',
    );
  });

  test('update changes only the given fields', async () => {
    const { json } = await sb.api('POST', '/channel/add', { name: 'Before', description: 'keep' });
    expect((await sb.api('PUT', `/channel/${json.id}/update`, { name: 'After', starred: true })).json).toEqual({
      error: 0,
      message: 'Channel has been updated successfully.',
    });
    const list = await sb.api('GET', '/channels?limit=100');
    expect(list.json.data.channels.find((c: { id: number }) => c.id === json.id)).toMatchObject({
      name: 'After',
      description: 'keep',
      starred: true,
    });
    expect((await sb.api('PUT', '/channel/9999/update', { name: 'x2' })).json).toEqual({
      error: 1,
      message: 'Channel does not exist.',
    });
  });

  test('assign links, qr and bio items; GET /channel/:id lists them; delete unassigns', async () => {
    const channel = (await sb.api('POST', '/channel/add', { name: 'Items' })).json.id;
    const viaBody = await sb.api('POST', '/url/add', {
      url: 'https://example.com/in-channel',
      channel,
      metatitle: 'In channel',
    });
    const link = await sb.api('POST', '/url/add', { url: 'https://example.com/assigned' });
    const qr = await sb.api('POST', '/qr/add', { type: 'text', data: 'hello' });
    for (const [type, id] of [
      ['links', link.json.id],
      ['qr', qr.json.id],
      ['bio', 77],
    ] as const) {
      const res = await sb.api('POST', `/channel/${channel}/assign/${type}/${id}`);
      expect(res.json).toEqual({ error: 0, message: 'Item has been successfully added to the channel.' });
    }
    const items = await sb.api('GET', `/channel/${channel}`);
    expect(items.json.error).toBe('0');
    expect(items.json.data.result).toBe(4);
    expect(items.json.data.items.map((i: { type: string; id: number }) => `${i.type}:${i.id}`)).toEqual([
      'bio:77',
      `qr:${qr.json.id}`,
      `links:${link.json.id}`,
      `links:${viaBody.json.id}`,
    ]);
    expect(items.json.data.items[3]).toEqual({
      type: 'links',
      id: viaBody.json.id,
      title: 'In channel',
      preview: 'https://example.com/in-channel',
      link: viaBody.json.shorturl,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const page2 = await sb.api('GET', `/channel/${channel}?limit=3&page=2`);
    expect(page2.json.data).toMatchObject({ result: 4, perpage: 3, currentpage: 2, nextpage: null, maxpage: 2 });

    expect((await sb.api('DELETE', `/channel/${channel}/delete`)).json).toEqual({
      error: 0,
      message: 'Channel has been deleted successfully.',
    });
    expect((await sb.api('GET', `/channel/${channel}`)).json).toEqual({ error: 1, message: 'Channel does not exist.' });
    // The items survive and can join another channel, which starts empty.
    expect((await sb.api('GET', `/url/${link.json.id}`)).json.error).toBe(0);
    const other = (await sb.api('POST', '/channel/add', { name: 'Other' })).json.id;
    expect((await sb.api('GET', `/channel/${other}`)).json.data.result).toBe(0);
    await sb.api('POST', `/channel/${other}/assign/links/${link.json.id}`);
    expect((await sb.api('GET', `/channel/${other}`)).json.data.items).toHaveLength(1);
  });

  test('assign refuses unknown types, links and QR codes', async () => {
    const channel = (await sb.api('POST', '/channel/add', { name: 'Strict' })).json.id;
    expect((await sb.api('POST', `/channel/${channel}/assign/video/1`)).json.message).toBe(
      'Invalid item type. Use links, bio or qr.',
    );
    expect((await sb.api('POST', `/channel/${channel}/assign/links/99999`)).json.message).toBe('Link does not exist.');
    expect((await sb.api('POST', `/channel/${channel}/assign/qr/99999`)).json.message).toBe('QR code does not exist.');
    expect((await sb.api('POST', `/channel/99999/assign/links/1`)).json.message).toBe('Channel does not exist.');
  });
});

describe('QR codes', () => {
  const sample: Record<string, unknown> = {
    text: 'hello',
    vcard: { fname: 'Ada', lname: 'Lovelace', phone: '+100' },
    link: 'https://example.com/qr',
    email: 'ada@example.com',
    phone: '+15551234',
    sms: { phone: '+15551234', message: 'hi' },
    wifi: { ssid: 'Home', password: 'pw', encryption: 'WPA' },
  };

  test.each(QR_TYPES.map((t) => [t]))('add type %s answers {error, id, link}', async (type) => {
    const res = await sb.api('POST', '/qr/add', {
      type,
      data: sample[type],
      background: 'rgb(255,255,255)',
      foreground: 'rgb(0, 0, 0)',
    });
    expect(res.json).toEqual({
      error: 0,
      id: expect.any(Number),
      link: expect.stringMatching(new RegExp(`^${sb.baseUrl}/qr/\\w+$`)),
    });
  });

  test.each([
    [{ type: 'barcode', data: 'x' }],
    [{ type: 'text' }],
    [{ type: 'text', data: '' }],
    [{ type: 'link', data: 'not a url' }],
    [{ type: 'wifi', data: {} }],
    [{ data: 'x' }],
  ])('invalid %j -> the known message', async (body) => {
    expect((await sb.api('POST', '/qr/add', body)).json).toEqual({
      error: 1,
      message: 'Invalid QR format or missing data.',
    });
  });

  test('colors must be rgb(r,g,b) with 0-255', async () => {
    const res = await sb.api('POST', '/qr/add', { type: 'text', data: 'x', background: 'rgb(256,0,0)' });
    expect(res.json.error).toBe(1);
  });

  test('detail, scans, update and delete', async () => {
    const added = await sb.api('POST', '/qr/add', { type: 'link', data: 'https://example.com/scan' });
    const scan = await fetch(added.json.link, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0' },
    });
    expect(scan.status).toBe(302);
    const detail = await sb.api('GET', `/qr/${added.json.id}`);
    expect(detail.json).toEqual({
      error: 0,
      details: {
        id: added.json.id,
        link: added.json.link,
        scans: 1,
        name: 'https://example.com/scan',
        date: expect.any(String),
      },
      data: {
        clicks: 1,
        uniqueClicks: 1,
        topCountries: { Unknown: '1' },
        topReferrers: { direct: '1' },
        topBrowsers: { Chrome: '1' },
        topOs: { Windows: '1' },
        socialCount: expect.objectContaining({ facebook: 0 }),
      },
    });
    const list = await sb.api('GET', '/qr');
    expect(list.json.data.qrs[0]).toEqual({
      id: added.json.id,
      link: added.json.link,
      scans: 1,
      name: 'https://example.com/scan',
      date: expect.any(String),
    });

    expect((await sb.api('PUT', `/qr/${added.json.id}/update`, { type: 'link' })).json.message).toBe(
      'Invalid QR format or missing data.',
    );
    expect((await sb.api('PUT', `/qr/${added.json.id}/update`, { type: 'text', data: 'now text' })).json).toEqual({
      error: 0,
      message: 'QR code has been updated successfully.',
    });
    expect(await (await fetch(added.json.link)).text()).toBe('now text');
    expect((await sb.api('DELETE', `/qr/${added.json.id}/delete`)).json).toEqual({
      error: 0,
      message: 'QR code has been deleted successfully.',
    });
    expect((await sb.api('GET', `/qr/${added.json.id}`)).json).toEqual({
      error: 1,
      message: 'QR code does not exist.',
    });
  });
});
