import { describe, expect, test } from 'vitest';
import { credentialsWarning, parseHttpUrl, parseHttpUrlAsTyped } from '../../src/input/validate.js';

describe('parseHttpUrl: what a browser would request', () => {
  test.each([
    ['https://example.com', 'https://example.com/'],
    ['  https://example.com/a?b=c#d  ', 'https://example.com/a?b=c#d'],
    ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
    ['https://bücher.example/straße', 'https://xn--bcher-kva.example/stra%C3%9Fe'],
    ['https://example.com/a b?q=c d#e f', 'https://example.com/a%20b?q=c%20d#e%20f'],
    ['https://example.com/a;b?x=1,2', 'https://example.com/a;b?x=1,2'],
    ['http://example.com:80/x', 'http://example.com/x'],
    ['https://user:pw@example.com/', 'https://user:pw@example.com/'],
    ['https://example.com/%7Efoo', 'https://example.com/%7Efoo'],
  ])('%j -> %j', (input, sent) => {
    expect(parseHttpUrl(input, 'url')).toBe(sent);
  });

  test.each([
    ['https://exa\nmple.com', /control character/],
    ['https://example.com/a\tb', /control character/],
    ['https://example.com/\u0000', /control character/],
    ['https://evil.com\\@good.com/', /backslash/],
    ['https:\\\\example.com', /backslash/],
    ['https:example.com', /write it as https:\/\/host/],
    ['https:/example.com', /write it as https:\/\/host/],
    ['https:///example.com', /write it as https:\/\/host/],
    ['ftp://example.com', /only http and https/],
    ['javascript:alert(1)', /only http and https/],
    ['example.com', /not a URL/],
    ['https://exa mple.com/', /not a URL/],
    ['https://', /not a URL/],
  ])('%j is refused', (input, message) => {
    expect(() => parseHttpUrl(input, 'url')).toThrow(message);
  });

  test('the message shows control characters escaped', () => {
    expect(() => parseHttpUrl('https://a.example/\r\nx', 'url')).toThrow(
      'invalid url "https://a.example/\\r\\nx": it contains a control character',
    );
  });
});

describe('parseHttpUrlAsTyped', () => {
  test('a domain or short URL is checked the same way and sent as typed', () => {
    expect(parseHttpUrlAsTyped(' https://go.example.com ', 'domain')).toBe('https://go.example.com');
    expect(() => parseHttpUrlAsTyped('https://go.example.com/a b', 'short URL')).toThrow(/space/);
    expect(() => parseHttpUrlAsTyped('https:go.example.com', 'domain')).toThrow(/write it as/);
  });
});

describe('credentialsWarning', () => {
  test('names the host a URL with a user name or password leads to', () => {
    expect(credentialsWarning('https://paypal.com@evil.example/login')).toBe(
      'the long URL carries a user name or password before its host; it leads to evil.example',
    );
    expect(credentialsWarning('https://:secret@a.example/')).toMatch(/leads to a\.example$/);
    expect(credentialsWarning('https://a.example/@x')).toBeUndefined();
  });
});
