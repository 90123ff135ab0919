import { describe, expect, it } from 'vitest';
import { curlLine } from '../../src/api/curl.js';
import { isRateLimited, retryAfterMs, type HttpResponse } from '../../src/api/http.js';
import { isErrorFlag, buildUrl } from '../../src/api/modern.js';
import { isLoopback, normalizeBaseUrl } from '../../src/settings/base-url.js';
import { redactor } from '../../src/api/redact.js';

const res = (over: Partial<HttpResponse>): HttpResponse => ({
  status: 200,
  headers: {},
  text: '',
  contentType: 'application/json',
  ...over,
});

describe('error flag as real servers send it', () => {
  it.each([
    [0, false],
    ['0', false],
    [false, false],
    [undefined, false],
    [null, false],
    [1, true],
    ['1', true],
    [true, true],
    [429, true],
    ['429', true],
  ])('error %j -> failure %s', (value, failed) => {
    expect(isErrorFlag(value)).toBe(failed);
  });
});

describe('rate-limit answers', () => {
  it('recognises HTTP 429 and the body error 429 with HTTP 200', () => {
    expect(isRateLimited(res({ status: 429 }))).toBe(true);
    expect(isRateLimited(res({ json: { error: 429, message: 'Too Many API Requests.' } }))).toBe(true);
    expect(isRateLimited(res({ json: { error: '429' } }))).toBe(true);
    expect(isRateLimited(res({ json: { error: 1, message: 'Link does not exist.' } }))).toBe(false);
    expect(isRateLimited(res({ json: { error: 0 } }))).toBe(false);
  });

  it('reads Retry-After from the body key first, then the header', () => {
    expect(retryAfterMs(res({ json: { error: 429, 'Retry-After': 7 } }), 0)).toBe(7000);
    expect(retryAfterMs(res({ status: 429, headers: { 'retry-after': '3' } }), 0)).toBe(3000);
    expect(retryAfterMs(res({ status: 429 }), 0)).toBeUndefined();
  });

  it('measures a Retry-After date from the clock it is given, not the system time', () => {
    const at10s = res({ status: 429, headers: { 'retry-after': new Date(10_000).toUTCString() } });
    expect(retryAfterMs(at10s, 4_000)).toBe(6_000);
    expect(retryAfterMs(at10s, 12_000)).toBe(0);
  });
});

describe('base URL handling', () => {
  it.each([
    ['https://s.example.com/', 'https://s.example.com'],
    ['https://s.example.com/api', 'https://s.example.com'],
    ['https://s.example.com/api/', 'https://s.example.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
  ])('%s -> %s', (raw, want) => expect(normalizeBaseUrl(raw)).toBe(want));

  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['[::1]', true],
    ['::1', true],
    ['example.com', false],
    ['10.0.0.1', false],
    ['127.0.0.1.example.com', false],
    // a name the resolver answers (a hosts file can point it anywhere) is not loopback
    ['api.localhost', false],
    ['localhost.', false],
    ['LOCALHOST', true],
  ])('loopback(%s) = %s', (host, want) => expect(isLoopback(host)).toBe(want));

  it('builds query strings and skips undefined values', () => {
    expect(buildUrl('http://h/api', '/urls', { limit: 5, page: undefined, short: 'http://h/a b' })).toBe(
      'http://h/api/urls?limit=5&short=http%3A%2F%2Fh%2Fa+b',
    );
  });
});

describe('secrets', () => {
  it('redacts the key and its percent-encoded form', () => {
    const redact = redactor('k+y/=1');
    expect(redact('GET /api/v1/k+y/=1/shorturl and /api/v1/k%2By%2F%3D1/x')).toBe(
      'GET /api/v1/***/shorturl and /api/v1/***/x',
    );
  });

  it('writes a replayable curl line with $SHORTY_API_KEY instead of the key', () => {
    const line = curlLine(
      {
        method: 'POST',
        url: 'http://127.0.0.1:9/api/url/add',
        headers: { authorization: 'Bearer sk_secret', 'content-type': 'application/json' },
        body: `{"url":"https://e.com/it's"}`,
      },
      'sk_secret',
    );
    expect(line).not.toContain('sk_secret');
    expect(line).toBe(
      `curl -sS -X POST 'http://127.0.0.1:9/api/url/add' -H "authorization: Bearer $SHORTY_API_KEY" -H 'content-type: application/json' --data-raw '{"url":"https://e.com/it'\\''s"}'`,
    );
    const legacy = curlLine(
      { method: 'GET', url: 'http://h/api/v1/sk_secret/shorturl/list_active_urls.json' },
      'sk_secret',
    );
    expect(legacy).toBe('curl -sS -X GET "http://h/api/v1/$SHORTY_API_KEY/shorturl/list_active_urls.json"');
  });
});
