import { describe, expect, it } from 'vitest';
import { maskProxy } from '../../src/api/proxy.js';
import { parseBaseUrl } from '../../src/settings/base-url.js';
import { parseRateStoreUrl } from '../../src/settings/rate-store-url.js';
import { maskUrlCredentials } from '../../src/util/url-credentials.js';

describe('one rule shows a URL with credentials, wherever shorty names one', () => {
  it.each([
    ['https://user:hunter2@example.com/x', 'https://***:***@example.com/x'],
    ['https://token-abc@example.com', 'https://***@example.com'],
    // A password with an unescaped / or @: everything up to the last @ is credentials.
    ['https://u:hun/ter@2@example.com', 'https://***:***@example.com'],
    ['https://example.com/a@b', 'https://***@b'],
    ['redis://:secret@host', 'redis://***:***@host'],
    ['redis://u:se@cr/et@host:1/0', 'redis://***:***@host:1/0'],
    ['redis://host:6379/0', 'redis://host:6379/0'],
    ['https://example.com', 'https://example.com'],
    ['not a url', 'not a url'],
  ])('%s -> %s', (url, shown) => {
    expect(maskUrlCredentials(url)).toBe(shown);
  });

  it('a base URL, a proxy and a rate store are masked alike, a password with a / included', () => {
    const error = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error('no error');
    };
    // Not a URL (the / ends the host), and still not echoed: the old rule stopped at the /.
    expect(error(() => parseBaseUrl('https://u:hun/ter2@example.com'))).toBe(
      'invalid base URL "https://***:***@example.com": not a URL (include https://)',
    );
    expect(error(() => parseBaseUrl('https://u:hunter2@example.com'))).toBe(
      'invalid base URL "https://***:***@example.com": a base URL has no user name or password',
    );
    expect(maskProxy(new URL('http://u:hunter2@proxy.corp:3128'))).toBe('http://***:***@proxy.corp:3128');
    expect(error(() => parseRateStoreUrl('http://u:hunter2@host'))).toContain('"http://***:***@host"');
  });
});
