// Authentication (Bearer and key-in-path) and the server-side fixed-window rate limit.
import { afterEach, describe, expect, test } from 'vitest';
import { parseRateLimit } from '../../src/sandbox/rate-limit.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

const KEY_MESSAGE = 'A valid API key is required to use this service.';
let sb: StartedSandbox;
afterEach(() => sb?.close());

describe('auth', () => {
  test.each([
    ['no header', {}],
    ['wrong key', { Authorization: 'Bearer sk_wrong' }],
    ['wrong scheme', { Authorization: 'Basic abc' }],
  ])('modern, %s -> HTTP 403 and the known body', async (_name, headers) => {
    sb = await startSandbox({ apiKey: 'sk_test_key_123' });
    const res = await fetch(`${sb.baseUrl}/api/account`, { headers });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 1, message: KEY_MESSAGE });
    expect((await sb.admin.stats()).unauthorized).toBe(1);
  });

  test('the configured key works, case-insensitive scheme', async () => {
    sb = await startSandbox({ apiKey: 'sk_test_key_123' });
    const res = await fetch(`${sb.baseUrl}/api/account`, { headers: { Authorization: 'bearer sk_test_key_123' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { error: unknown }).error).toBe(0);
  });

  test('legacy wrong key -> HTTP 403 with {code: 403, data: {message}}, in JSON and XML', async () => {
    sb = await startSandbox();
    const json = await fetch(`${sb.baseUrl}/api/v1/wrongkey/shorturl/list_active_urls.json`);
    expect(json.status).toBe(403);
    expect(await json.json()).toEqual({ code: 403, data: { message: KEY_MESSAGE } });
    const xml = await fetch(`${sb.baseUrl}/api/v1/wrongkey/shorturl/list_active_urls.xml`);
    expect(xml.status).toBe(403);
    expect(await xml.text()).toContain(
      '<code>403</code><data><message>A valid API key is required to use this service.</message></data>',
    );
  });

  test('the legacy key never reaches the request log', async () => {
    sb = await startSandbox();
    await fetch(`${sb.baseUrl}/api/v1/${sb.apiKey}/shorturl/list_active_urls.json`);
    const [entry] = await sb.admin.requests();
    expect(entry.path).toBe('/api/v1/***/shorturl/list_active_urls.json');
    expect(JSON.stringify(await sb.admin.requests())).not.toContain(sb.apiKey);
  });
});

describe('rate limit', () => {
  test('parses N/W with units and refuses nonsense', () => {
    expect(parseRateLimit('30/60s')).toEqual({ limit: 30, windowMs: 60_000 });
    expect(parseRateLimit('5/1s')).toEqual({ limit: 5, windowMs: 1000 });
    expect(parseRateLimit('100/500ms')).toEqual({ limit: 100, windowMs: 500 });
    expect(parseRateLimit('30/1m')).toEqual({ limit: 30, windowMs: 60_000 });
    expect(parseRateLimit('30/60')).toEqual({ limit: 30, windowMs: 60_000 });
    for (const bad of ['', 'abc', '0/1s', '5/0s', '5/-1s', '5/1x', '-5/1s'])
      expect(() => parseRateLimit(bad)).toThrow(/invalid rate limit/);
  });

  test('5/1s: headers count down, the 6th answers 200 + error 429 with Retry-After, a new window resets', async () => {
    // The sandbox's clock stands still unless moved: the five requests fall in one window and
    // the next starts when the test says, however slow the machine.
    let clock = Date.now();
    sb = await startSandbox({ rateLimit: '5/1s', now: () => clock });
    const remaining: number[] = [];
    let reset = 0;
    for (let i = 0; i < 5; i++) {
      const res = await sb.api('GET', '/account');
      expect(res.json.error).toBe(0);
      expect(res.headers.get('x-ratelimit-limit')).toBe('5');
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
      reset = Number(res.headers.get('x-ratelimit-reset'));
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset).toBeGreaterThanOrEqual(Math.floor(clock / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil(clock / 1000) + 2);

    const sixth = await sb.api('GET', '/account');
    expect(sixth.status).toBe(200);
    expect(sixth.json).toEqual({ error: 429, message: 'Too Many API Requests.', 'Retry-After': 1 });
    expect(sixth.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await sb.admin.stats()).toMatchObject({ requests: 6, rejected: 1 });

    clock += 1100;
    const fresh = await sb.api('GET', '/account');
    expect(fresh.json.error).toBe(0);
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  test('legacy calls share the budget and carry the headers', async () => {
    sb = await startSandbox({ rateLimit: '2/60s' });
    await sb.api('GET', '/account');
    const legacy = await fetch(`${sb.baseUrl}/api/v1/${sb.apiKey}/shorturl/list_active_urls.json`);
    expect(legacy.headers.get('x-ratelimit-remaining')).toBe('0');
    const limited = await sb.api('GET', '/account');
    expect(limited.json.error).toBe(429);
    expect(limited.json['Retry-After']).toBeGreaterThanOrEqual(59);
  });

  test('rateLimitStatus 429 answers a plain HTTP 429 with a Retry-After header', async () => {
    sb = await startSandbox({ rateLimit: '1/60s', rateLimitStatus: 429 });
    await sb.api('GET', '/account');
    const res = await sb.api('GET', '/account');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(res.headers.get('x-ratelimit-limit')).toBe('1');
  });

  test('admin routes are neither limited nor logged; reset opens a new window', async () => {
    sb = await startSandbox({ rateLimit: '1/60s' });
    await sb.api('GET', '/account');
    for (let i = 0; i < 5; i++) await sb.admin.stats();
    expect((await sb.admin.requests()).length).toBe(1);
    await sb.admin.reset();
    expect((await sb.api('GET', '/account')).json.error).toBe(0);
  });
});
