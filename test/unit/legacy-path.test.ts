import { describe, expect, test } from 'vitest';
import {
  base64Segment,
  legacyApiPath,
  legacyCreatePath,
  legacyShortUrlPath,
  legacyUrl,
  textSegment,
} from '../../src/api/legacy-path.js';
import { bestMessage, checkJsonEnvelope, normalizeLegacyData, xmlFields } from '../../src/api/legacy.js';
import { parseShortUrl } from '../../src/commands/legacy/validate.js';
import type { HttpResponse } from '../../src/api/http.js';

// Its base64 holds `/`, `+` and `=`, and it has non-ASCII text.
const TRICKY_URL = 'https://example.com/ü?x=~~~&y=>>>';
const TRICKY_B64 = 'aHR0cHM6Ly9leGFtcGxlLmNvbS/DvD94PX5+fiZ5PT4+Pg==';

describe('base64Segment', () => {
  test('standard base64 of the UTF-8 text, percent-encoded as one segment', () => {
    expect(Buffer.from(TRICKY_URL, 'utf8').toString('base64')).toBe(TRICKY_B64);
    expect(base64Segment(TRICKY_URL)).toBe('aHR0cHM6Ly9leGFtcGxlLmNvbS%2FDvD94PX5%2BfiZ5PT4%2BPg%3D%3D');
    expect(base64Segment(TRICKY_URL)).not.toContain('/');
  });

  test('round-trips through decodeURIComponent and base64', () => {
    const decoded = Buffer.from(decodeURIComponent(base64Segment(TRICKY_URL)), 'base64').toString('utf8');
    expect(decoded).toBe(TRICKY_URL);
  });
});

describe('legacyCreatePath', () => {
  test('url only', () => {
    expect(legacyCreatePath('https://example.com')).toBe('create/url/aHR0cHM6Ly9leGFtcGxlLmNvbQ%3D%3D');
  });

  test('every option in the contract order, url last, plain values percent-encoded', () => {
    const path = legacyCreatePath(TRICKY_URL, {
      domain: 'go.example.com',
      expiry: '2030-12-31',
      password: 'p/ss w+rd&ü',
      custom: 'spring sale',
    });
    expect(path).toBe(
      'create/custom_url/spring%20sale/password/p%2Fss%20w%2Brd%26%C3%BC' +
        '/expiry_date/2030-12-31/base_domain/go.example.com/url/' +
        base64Segment(TRICKY_URL),
    );
  });

  test('only the given options', () => {
    expect(legacyCreatePath('https://a.io', { expiry: '2031-01-02' })).toBe(
      `create/expiry_date/2031-01-02/url/${base64Segment('https://a.io')}`,
    );
    expect(legacyCreatePath('https://a.io', { domain: 'b.io', custom: '' })).toBe(
      `create/base_domain/b.io/url/${base64Segment('https://a.io')}`,
    );
  });
});

describe('short URL operations and full URLs', () => {
  test.each(['disable', 'enable', 'info'] as const)('%s/short_url/<base64>', (operation) => {
    expect(legacyShortUrlPath(operation, 'https://sho.rt/abc')).toBe(`${operation}/short_url/aHR0cHM6Ly9zaG8ucnQvYWJj`);
  });

  test('the key comes after /api/v1/, the format is the extension', () => {
    expect(legacyApiPath('k3y', 'list_active_urls', 'json')).toBe('/api/v1/k3y/shorturl/list_active_urls.json');
    expect(legacyUrl('http://127.0.0.1:9', 'k3y', 'info/short_url/QQ%3D%3D', 'xml')).toBe(
      'http://127.0.0.1:9/api/v1/k3y/shorturl/info/short_url/QQ%3D%3D.xml',
    );
    expect(legacyApiPath('***', 'x', 'json')).toBe('/api/v1/***/shorturl/x.json');
  });

  test('textSegment encodes like encodeURIComponent', () => {
    expect(textSegment("a/b c?d#e'(")).toBe("a%2Fb%20c%3Fd%23e'(");
  });
});

function res(json: unknown, status = 200): HttpResponse {
  return { status, headers: {}, text: JSON.stringify(json), json, contentType: 'application/json' };
}

describe('legacy envelopes', () => {
  test('code 200 as number or string is success', () => {
    expect(checkJsonEnvelope(res({ code: 200, data: { a: 1 } }))).toEqual({ a: 1 });
    expect(checkJsonEnvelope(res({ code: '200', data: { a: 1 } }))).toEqual({ a: 1 });
  });

  test('any other code is an API error with the best message', () => {
    expect(() => checkJsonEnvelope(res({ code: 404, data: { message: 'Link does not exist.' } }))).toThrow(
      'Link does not exist.',
    );
    expect(() => checkJsonEnvelope(res({ code: '400', message: 'Bad thing.' }))).toThrow('Bad thing.');
    expect(() => checkJsonEnvelope(res({ code: 500 }))).toThrow(/code 500/);
  });

  test('an error message that names the key is redacted', () => {
    expect(() =>
      checkJsonEnvelope(res({ code: 400, data: 'bad key s3cr3t' }), (s) => s.split('s3cr3t').join('***')),
    ).toThrow('bad key ***');
  });

  test('bestMessage looks through the usual shapes and skips numeric codes', () => {
    expect(bestMessage({ data: { message: 'm1' } })).toBe('m1');
    expect(bestMessage({ error: 1, msg: 'm2' })).toBe('m2');
    expect(bestMessage({ error: '1' })).toBeUndefined();
  });

  test('url_id and total_visits become numbers', () => {
    expect(normalizeLegacyData({ url_id: '12', total_visits: '0', short_url: 'x', status: 'active' })).toEqual({
      url_id: 12,
      total_visits: 0,
      short_url: 'x',
      status: 'active',
    });
    expect(normalizeLegacyData({ url_id: 'abc' })).toEqual({ url_id: 'abc' });
  });

  test('xmlFields finds code and message', () => {
    expect(
      xmlFields(
        '<?xml version="1.0"?>\n<response><code>404</code><data><message>Link &amp; more</message></data></response>',
      ),
    ).toEqual({ code: '404', message: 'Link & more' });
  });
});

describe('argument checks', () => {
  test('parseShortUrl takes a URL with or without scheme', () => {
    expect(parseShortUrl('https://sho.rt/abc')).toBe('https://sho.rt/abc');
    expect(parseShortUrl('sho.rt/abc')).toBe('sho.rt/abc');
    expect(() => parseShortUrl('ftp://sho.rt/abc')).toThrow(/http/);
    expect(() => parseShortUrl('a b')).toThrow(/invalid short URL/);
  });
});
