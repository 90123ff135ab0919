import { describe, expect, test } from 'vitest';
import { parseDomain, profileDomain } from '../../src/input/domain.js';

describe('parseDomain: one reading of a branded domain, each endpoint its form', () => {
  test.each([
    ['go.example.com', 'https://go.example.com', 'go.example.com'],
    ['https://go.example.com/', 'https://go.example.com', 'go.example.com'],
    ['http://go.example.com', 'http://go.example.com', 'go.example.com'],
    ['  HTTPS://Go.Example.com//  ', 'https://go.example.com', 'go.example.com'],
    ['go.example.com/', 'https://go.example.com', 'go.example.com'],
    ['127.0.0.1:8080', 'https://127.0.0.1:8080', '127.0.0.1:8080'],
    ['http://go.example.com:8080/', 'http://go.example.com:8080', 'go.example.com:8080'],
    ['https://go.example.com:443', 'https://go.example.com', 'go.example.com'],
  ])('%j -> url %s, host %s', (input, url, host) => {
    expect(parseDomain(input)).toEqual({ url, host });
  });

  test.each([
    ['ftp://go.example.com', /only http and https/],
    ['https://go.example.com/path', /no path/],
    ['go.example.com?x=1', /no path, query/],
    ['https://user@go.example.com', /no user name/],
    ['go example.com', /not a domain/],
    ['https://', /no domain/],
    ['', /no domain/],
    ['-bad-.com', /not a domain/],
  ])('refuses %j', (input, message) => {
    expect(() => parseDomain(input, '--domain')).toThrow(message);
  });

  test('the error names where the domain came from and how to write it', () => {
    try {
      parseDomain('go.example.com/x', 'domain in the profile');
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toBe(
        'invalid domain in the profile "go.example.com/x": a domain has no path, query or fragment',
      );
      expect((err as { hint?: string }).hint).toMatch(/go\.example\.com or https:\/\/go\.example\.com/);
      expect((err as { exitCode?: number }).exitCode).toBe(2);
    }
  });

  test('profileDomain: unset or blank is no domain', () => {
    expect(profileDomain(undefined)).toBeUndefined();
    expect(profileDomain(' ')).toBeUndefined();
    expect(profileDomain('go.example.com')?.url).toBe('https://go.example.com');
  });
});
