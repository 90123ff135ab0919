// The legacy key-in-path interface: create with options, states, info, list, XML, segments.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

let sb: StartedSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const b64 = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('base64'));
const legacy = async (path: string) => {
  const res = await fetch(`${sb.baseUrl}/api/v1/${sb.apiKey}/shorturl/${path}`);
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text: await res.text(),
    headers: res.headers,
  };
};
const legacyJson = async (path: string) => JSON.parse((await legacy(path)).text);

test('create answers {code: 200, data} and the link shows in the modern list', async () => {
  const json = await legacyJson(`create/url/${b64('https://example.com/legacy?a=1&b=2')}.json`);
  expect(json).toEqual({
    code: 200,
    data: {
      url_id: expect.stringMatching(/^\d+$/),
      short_url: expect.stringMatching(new RegExp(`^${sb.baseUrl}/[a-zA-Z0-9]{5,6}$`)),
      short_url_part: expect.stringMatching(/^[a-zA-Z0-9]{5,6}$/),
      original_url: 'https://example.com/legacy?a=1&b=2',
      date_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    },
  });
  const modern = await sb.api('GET', `/url/${json.data.url_id}`);
  expect(modern.json.details.shorturl).toBe(json.data.short_url);
});

test('base64 containing /, + and = survives as one percent-encoded segment', async () => {
  // '?>?' encodes to 'Pz4/' and '>>>' to 'Pj4+': the URL below yields '/', '+' and '=' padding.
  const url = 'https://example.com/?q=?>?&r=>>>&s=ab';
  const raw = Buffer.from(url).toString('base64');
  expect(raw).toMatch(/\//);
  expect(raw).toMatch(/\+/);
  expect(raw).toMatch(/=$/);
  const json = await legacyJson(`create/url/${b64(url)}.json`);
  expect(json.data.original_url).toBe(url);
});

test('UTF-8 long URLs round-trip', async () => {
  const url = 'https://example.com/café/ü?x=ñ';
  expect((await legacyJson(`create/url/${b64(url)}.json`)).data.original_url).toBe(url);
});

test('create with options, in the contract order; info shows them', async () => {
  await sb.api('POST', '/domain/add', { domain: 'https://legacy.example' });
  const path = `create/custom_url/old-style/password/p%40ss/expiry_date/2099-06-30/base_domain/legacy.example/url/${b64('https://example.com/opts')}.json`;
  const created = await legacyJson(path);
  expect(created.data).toMatchObject({ short_url: 'https://legacy.example/old-style', short_url_part: 'old-style' });
  const info = await legacyJson(`info/short_url/${b64('https://legacy.example/old-style')}.json`);
  expect(info).toEqual({
    code: 200,
    data: {
      url_id: created.data.url_id,
      short_url: 'https://legacy.example/old-style',
      short_url_part: 'old-style',
      original_url: 'https://example.com/opts',
      date_created: expect.any(String),
      last_accessed: null,
      total_visits: '0',
      has_password: true,
      expiry_date: '2099-06-30 23:59:59',
      status: 'active',
      date_time: expect.any(String),
    },
  });
});

test('pairs are accepted in any order', async () => {
  const json = await legacyJson(`create/url/${b64('https://example.com/order')}/custom_url/reordered.json`);
  expect(json.data.short_url_part).toBe('reordered');
});

test('disable -> info shows disabled, redirect 404, not listed -> enable -> active again', async () => {
  const created = await legacyJson(`create/custom_url/toggle/url/${b64('https://example.com/toggle')}.json`);
  const short = b64(created.data.short_url);
  expect((await fetch(`${sb.baseUrl}/toggle`, { redirect: 'manual' })).status).toBe(302);

  const disabled = await legacyJson(`disable/short_url/${short}.json`);
  expect(disabled).toEqual({
    code: 200,
    data: {
      url_id: created.data.url_id,
      status: 'disabled',
      short_url: created.data.short_url,
      date_time: expect.any(String),
    },
  });
  expect((await legacyJson(`info/short_url/${short}.json`)).data).toMatchObject({
    status: 'disabled',
    total_visits: '1',
  });
  expect((await fetch(`${sb.baseUrl}/toggle`, { redirect: 'manual' })).status).toBe(404);
  const listed = (await legacyJson('list_active_urls.json')).data.urls.map((u: { short_url: string }) => u.short_url);
  expect(listed).not.toContain(created.data.short_url);

  const enabled = await legacyJson(`enable/short_url/${short}.json`);
  expect(enabled.data.status).toBe('active');
  expect((await legacyJson('list_active_urls.json')).data.urls).toContainEqual({ short_url: created.data.short_url });
  expect((await fetch(`${sb.baseUrl}/toggle`, { redirect: 'manual' })).status).toBe(302);
});

test('modern links can be managed through the legacy interface', async () => {
  const { json } = await sb.api('POST', '/url/add', { url: 'https://example.com/modern', custom: 'modern1' });
  expect((await legacyJson(`disable/short_url/${b64(json.shorturl)}.json`)).data.status).toBe('disabled');
});

test('XML: declaration, envelope, escaping and repeated <url> elements', async () => {
  const created = await legacy(`create/url/${b64('https://example.com/?a=1&b=<2>')}.xml`);
  expect(created.type).toMatch(/application\/xml/);
  expect(created.text).toMatch(
    /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<response><code>200<\/code><data><url_id>\d+<\/url_id>/,
  );
  expect(created.text).toContain('<original_url>https://example.com/?a=1&amp;b=&lt;2&gt;</original_url>');
  const list = await legacy('list_active_urls.xml');
  expect(list.text).toMatch(/<urls>(<url><short_url>[^<]+<\/short_url><\/url>)+<\/urls><date_time>/);
  expect(list.headers.get('x-ratelimit-limit')).not.toBeNull();
});

test.each([
  ['create/url/bm90IGEgdXJs.json', 400, 'Please enter a valid URL.'], // base64 of "not a url"
  ['create/url/%%%.json', 400, 'Parameter "url" is not correctly percent-encoded.'],
  ['create/url/!!!!.json', 400, 'Parameter "url" must be base64 encoded.'],
  ['create/custom_url.json', 400, 'Parameters must come as name/value pairs.'],
  ['create/custom_url/abc.json/', 400, 'Missing parameter "url".'],
  ['create/colour/red/url/aHR0cHM6Ly9leGFtcGxlLmNvbQ%3D%3D.json', 400, 'Unknown parameter "colour".'],
  [
    'create/custom_url/ab/url/aHR0cHM6Ly9leGFtcGxlLmNvbQ%3D%3D.json',
    400,
    'Custom alias must be at least 3 characters.',
  ],
  [
    'create/expiry_date/2024-13-01/url/aHR0cHM6Ly9leGFtcGxlLmNvbQ%3D%3D.json',
    400,
    'Please enter a valid expiry date (yyyy-mm-dd).',
  ],
  ['create/password/x.json', 400, 'Missing parameter "url".'],
  [`info/short_url/${Buffer.from('http://nowhere.example/zzz').toString('base64')}.json`, 404, 'Link does not exist.'],
])('%s -> code %i', async (path, code, message) => {
  const res = await legacy(path);
  expect(res.status).toBe(200);
  expect(JSON.parse(res.text)).toEqual({ code, data: { message } });
});

test('a taken custom_url gets the known message', async () => {
  await legacyJson(`create/custom_url/dupe1/url/${b64('https://example.com')}.json`);
  expect((await legacyJson(`create/custom_url/dupe1/url/${b64('https://example.com')}.json`)).data.message).toBe(
    'That alias is taken. Please choose another one.',
  );
});

test('unknown operations and extensions answer the HTML 404', async () => {
  for (const path of ['explode/url/abc.json', 'list_active_urls.yaml']) {
    const res = await legacy(path);
    expect(res.status).toBe(404);
    expect(res.type).toMatch(/text\/html/);
  }
});
