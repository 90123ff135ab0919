// `--flavor v6`, the transport: the three Authorization forms, the rate-limit headers, the
// Content-Type, the 403s of a server or account that refuses the API, the legacy XML root.
import { afterEach, describe, expect, test } from 'vitest';
import { parseFlavor } from '../../src/sandbox/flavor.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

const BAD_KEY = 'A valid API key is required to use this service.';
let sb: StartedSandbox;
afterEach(() => sb?.close());

const account = (authorization: string) =>
  fetch(`${sb.baseUrl}/api/account`, { headers: { Authorization: authorization } });

describe('authentication and the rate limit', () => {
  test('Bearer, Token and a bare key are all accepted and share one budget; Remaining reads -1 once past it', async () => {
    sb = await startSandbox({ flavor: 'v6', rateLimit: '3/60s' });
    const answers = [];
    for (const authorization of [
      `Bearer ${sb.apiKey}`,
      `Token ${sb.apiKey}`,
      sb.apiKey,
      `Token ${sb.apiKey}`,
      sb.apiKey,
    ]) {
      const res = await account(authorization);
      answers.push({
        status: res.status,
        error: ((await res.json()) as { error: number }).error,
        remaining: res.headers.get('x-ratelimit-remaining'),
      });
    }
    expect(answers).toEqual([
      { status: 200, error: 0, remaining: '2' },
      { status: 200, error: 0, remaining: '1' },
      { status: 200, error: 0, remaining: '0' },
      { status: 200, error: 429, remaining: '-1' },
      { status: 200, error: 429, remaining: '-1' },
    ]);
  });

  test('--rate-limit off: a server whose cache is disabled sends no rate-limit headers and never throttles', async () => {
    sb = await startSandbox({ flavor: 'v6', rateLimit: 'off' });
    for (let i = 0; i < 40; i++) {
      const res = await account(`Token ${sb.apiKey}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { error: number }).error).toBe(0);
      expect([...res.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    }
  });

  test('a wrong key in any form is still refused', async () => {
    sb = await startSandbox({ flavor: 'v6' });
    for (const authorization of ['Token sk_wrong_key', 'sk_wrong_key', 'Basic abc', '']) {
      const res = await account(authorization);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 1, message: BAD_KEY });
    }
  });

  test('v7 (the default) takes Bearer only and never reports a negative Remaining', async () => {
    sb = await startSandbox({ rateLimit: '2/60s' });
    expect((await account(`Token ${sb.apiKey}`)).status).toBe(403);
    expect((await account(sb.apiKey)).status).toBe(403);
    const remaining = [];
    for (let i = 0; i < 3; i++)
      remaining.push((await account(`Bearer ${sb.apiKey}`)).headers.get('x-ratelimit-remaining'));
    expect(remaining).toEqual(['1', '0', '0']);
  });
});

describe('Content-Type', () => {
  test('v6 sends JSON and XML without a charset', async () => {
    sb = await startSandbox({ flavor: 'v6' });
    expect((await sb.api('GET', '/account')).headers.get('content-type')).toBe('application/json');
    expect((await sb.api('GET', '/urls')).headers.get('content-type')).toBe('application/json');
    expect((await fetch(`${sb.baseUrl}/api/account`)).headers.get('content-type')).toBe('application/json');
    const legacy = (ext: string) => fetch(`${sb.baseUrl}/api/v1/${sb.apiKey}/shorturl/list_active_urls.${ext}`);
    expect((await legacy('json')).headers.get('content-type')).toBe('application/json');
    expect((await legacy('xml')).headers.get('content-type')).toBe('application/xml');
  });

  test('v7 keeps the charset', async () => {
    sb = await startSandbox();
    expect((await sb.api('GET', '/account')).headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

describe('403s of a server or an account that refuses the API (fault modes, any flavor)', () => {
  test.each([
    ['api-disabled', 'API service is disabled.'],
    ['api-not-allowed', 'You do not have the permission to use the API.'],
    ['account-inactive', 'Please activate your account.'],
    ['endpoint-not-allowed', 'You do not have permission to access this endpoint.'],
  ] as const)('%s -> HTTP 403 "%s", with the rate-limit headers, then normal service', async (mode, message) => {
    sb = await startSandbox({ flavor: 'v6' });
    await sb.admin.fault(mode, { count: 1 });
    const denied = await sb.api('GET', '/account');
    expect(denied.status).toBe(403);
    expect(denied.json).toEqual({ error: 1, message });
    expect(denied.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect((await sb.api('GET', '/account')).json.error).toBe(0);
  });

  test('"API service is disabled." answers even a wrong key; the account ones answer only the right key', async () => {
    sb = await startSandbox();
    await sb.admin.fault('api-disabled', { count: 1 });
    expect(await (await account('Bearer sk_wrong_key')).json()).toEqual({
      error: 1,
      message: 'API service is disabled.',
    });
    await sb.admin.fault('account-inactive', { count: 1 });
    expect(await (await account('Bearer sk_wrong_key')).json()).toEqual({ error: 1, message: BAD_KEY });
  });

  test('the legacy interface answers them as {code: 403, data: {message}}', async () => {
    sb = await startSandbox();
    await sb.admin.fault('api-not-allowed', { count: 1 });
    const res = await fetch(`${sb.baseUrl}/api/v1/${sb.apiKey}/shorturl/list_active_urls.json`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 403,
      data: { message: 'You do not have the permission to use the API.' },
    });
  });
});

describe('legacy XML', () => {
  test('v6 wraps <response> in <message client="IP" time="unix">', async () => {
    sb = await startSandbox({ flavor: 'v6' });
    const before = Math.floor(Date.now() / 1000);
    const text = await (await fetch(`${sb.baseUrl}/api/v1/${sb.apiKey}/shorturl/list_active_urls.xml`)).text();
    const m =
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<message client="127\.0\.0\.1" time="(\d+)"><response><code>200<\/code><data>.*<\/data><\/response><\/message>\n$/.exec(
        text,
      );
    expect(m, text).not.toBeNull();
    expect(Number(m?.[1])).toBeGreaterThanOrEqual(before);
    const refused = await (await fetch(`${sb.baseUrl}/api/v1/wrongkey/shorturl/list_active_urls.xml`)).text();
    expect(refused).toMatch(/<message client="[^"]+" time="\d+"><response><code>403<\/code>/);
  });

  test('v7 answers <response> as the document root', async () => {
    sb = await startSandbox();
    const text = await (await fetch(`${sb.baseUrl}/api/v1/${sb.apiKey}/shorturl/list_active_urls.xml`)).text();
    expect(text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<response><code>200<\/code>/);
  });
});

test('parseFlavor takes v6 and v7 and names both when refusing anything else', () => {
  expect(parseFlavor(undefined)).toBe('v7');
  expect(parseFlavor('V6')).toBe('v6');
  expect(() => parseFlavor('v9')).toThrow('invalid flavor "v9": expected one of v6, v7');
});
