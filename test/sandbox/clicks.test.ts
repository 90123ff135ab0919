// Each redirect records where the visit came from, the way the service counts: referrer host,
// browser and OS from User-Agent, country from CF-IPCountry; GET /url/:id and GET /qr/:id
// answer them as name -> count (integers for links, strings for QR codes; v6 sends strings).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { countryOf } from '../../src/sandbox/clicks.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
};

/** Six visits by four visitors: two come back, two come direct. */
const VISITS: Record<string, string>[] = [
  { 'user-agent': UA.chromeWindows, referer: 'https://www.facebook.com/some/post', 'cf-ipcountry': 'US' },
  { 'user-agent': UA.chromeWindows, referer: 'https://www.facebook.com/other', 'cf-ipcountry': 'US' },
  { 'user-agent': UA.firefoxLinux, referer: 'https://news.example.org/item?id=1', 'cf-ipcountry': 'DE' },
  { 'user-agent': UA.safariIphone, 'cf-ipcountry': 'FR' },
  { 'user-agent': UA.safariIphone, referer: 'https://t.co/abc', 'cf-ipcountry': 'FR' },
  { 'user-agent': UA.edgeWindows },
];

async function visit(url: string): Promise<void> {
  for (const headers of VISITS) {
    const res = await fetch(url, { redirect: 'manual', headers });
    expect(res.status).toBe(302);
  }
}

const expected = (count: (n: number) => number | string) => ({
  clicks: 6,
  uniqueClicks: 4,
  topCountries: { 'United States': count(2), France: count(2), Germany: count(1), Unknown: count(1) },
  topReferrers: { 'www.facebook.com': count(2), 'news.example.org': count(1), direct: count(2), 't.co': count(1) },
  topBrowsers: { Chrome: count(2), Safari: count(2), Firefox: count(1), 'Microsoft Edge': count(1) },
  topOs: { Windows: count(3), iOS: count(2), Linux: count(1) },
  socialCount: { facebook: 2, twitter: 1, instagram: 0, linkedin: 0, reddit: 0, pinterest: 0 },
});

describe.each([
  ['v7', (n: number) => n],
  ['v6', String],
] as const)('flavor %s', (flavor, linkCount) => {
  let sb: StartedSandbox;
  beforeAll(async () => {
    sb = await startSandbox({ flavor });
  });
  afterAll(() => sb.close());

  test('a link counts referrers, browsers, systems and countries of its redirects', async () => {
    const { json: added } = await sb.api('POST', '/url/add', { url: 'https://example.com/counted' });
    expect((await sb.api('GET', `/url/${added.id}`)).json.data).toMatchObject({
      topCountries: 0,
      topReferrers: 0,
      topBrowsers: 0,
      topOs: 0,
    });
    await visit(added.shorturl);
    expect((await sb.api('GET', `/url/${added.id}`)).json.data).toEqual(expected(linkCount));
  });

  test('a QR code counts its scans the same way, counts as strings', async () => {
    const { json: added } = await sb.api('POST', '/qr/add', { type: 'link', data: 'https://example.com/scanned' });
    await visit(added.link);
    expect((await sb.api('GET', `/qr/${added.id}`)).json.data).toEqual(expected(String));
  });
});

test('CF-IPCountry: a region code becomes its English name; absent, XX and T1 are Unknown', () => {
  expect(countryOf('jp')).toBe('Japan');
  expect(countryOf(undefined)).toBe('Unknown');
  expect(countryOf('XX')).toBe('Unknown');
  expect(countryOf('T1')).toBe('Unknown');
  expect(countryOf('not a code')).toBe('Unknown');
});
