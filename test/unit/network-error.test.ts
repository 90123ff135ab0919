import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, neverSent } from '../../src/errors.js';
import { notFollowed, type HttpResponse } from '../../src/api/http.js';
import {
  errorCode,
  isTransient,
  networkErrorKind,
  PROXY_REFUSED,
  timeoutError,
  toNetworkError,
  type FailedRequest,
} from '../../src/api/network-error.js';
import { maskProxy, proxyFor } from '../../src/api/proxy.js';

const failure = (code: string, extra: object = {}) =>
  Object.assign(new Error('whatever the message says'), { code, ...extra });
const at: FailedRequest = {
  method: 'GET',
  url: 'https://api.example.com/api/urls',
  host: 'api.example.com',
  write: false,
};

describe('the kind of a network failure comes from its code', () => {
  it.each([
    ['ECONNREFUSED', 'refused'],
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['EHOSTUNREACH', 'unreachable'],
    ['ENETUNREACH', 'unreachable'],
    ['ETIMEDOUT', 'unreachable'],
    ['ECONNRESET', 'reset'],
    ['EPIPE', 'reset'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'tls'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['EPROTO', 'tls'],
    ['HPE_INVALID_CONSTANT', 'protocol'],
    [PROXY_REFUSED, 'proxy'],
    ['ESOMETHINGNEW', 'other'],
  ])('%s -> %s', (code, kind) => {
    expect(networkErrorKind(code)).toBe(kind);
  });

  it('reads the code of the error or of its cause, never the message', () => {
    expect(errorCode(failure('ECONNRESET'))).toBe('ECONNRESET');
    expect(errorCode(Object.assign(new Error('x'), { cause: { code: 'ENOTFOUND' } }))).toBe('ENOTFOUND');
    expect(networkErrorKind(errorCode(new Error('connect ECONNREFUSED 127.0.0.1:9 timed out')))).toBe('other');
  });

  it('retries only what may work the next time; writes are warned about only when they may have arrived', () => {
    expect(['refused', 'dns', 'unreachable', 'reset'].every((k) => isTransient(k as never))).toBe(true);
    expect(['timeout', 'tls', 'proxy', 'protocol', 'other'].some((k) => isTransient(k as never))).toBe(false);
    expect(['refused', 'dns', 'unreachable', 'tls', 'proxy'].every((k) => neverSent(k as never))).toBe(true);
    expect(['reset', 'timeout', 'protocol', 'other'].some((k) => neverSent(k as never))).toBe(false);
  });
});

describe('the line the user reads', () => {
  it('is a NetworkError (exit 5) carrying its kind', () => {
    const err = toNetworkError(failure('ECONNREFUSED'), at);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({
      kind: 'refused',
      exitCode: 5,
      message: 'connection refused: GET https://api.example.com/api/urls',
    });
    expect(err.hint).toMatch(/^is the service up\?/);
  });

  it('a host not found points at the host name, not at a service that is down', () => {
    const err = toNetworkError(failure('ENOTFOUND'), at);
    expect(err).toMatchObject({
      kind: 'dns',
      exitCode: 5,
      message: 'host not found: GET https://api.example.com/api/urls',
    });
    expect(err.hint).toBe(
      'check the host name in the base URL (--base-url, SHORTY_BASE_URL or `shorty config get base-url`) and that this machine can resolve it',
    );
  });

  it('an untrusted certificate names the host and points at NODE_EXTRA_CA_CERTS', () => {
    const err = toNetworkError(failure('UNABLE_TO_GET_ISSUER_CERT_LOCALLY'), at);
    expect(err.message).toBe(
      'the certificate of api.example.com is not trusted (UNABLE_TO_GET_ISSUER_CERT_LOCALLY): GET https://api.example.com/api/urls',
    );
    expect(err.hint).toMatch(/NODE_EXTRA_CA_CERTS=/);
    expect(toNetworkError(failure('CERT_HAS_EXPIRED'), at).message).toMatch(
      /^the certificate of api\.example\.com has expired/,
    );
  });

  it('a failure on the way to a proxy names the proxy', () => {
    const viaProxy = { ...at, proxy: 'http://***:***@proxy.corp:3128' };
    expect(toNetworkError(failure('ENOTFOUND'), viaProxy).message).toBe(
      'cannot reach the proxy http://***:***@proxy.corp:3128 (host not found): GET https://api.example.com/api/urls',
    );
    expect(toNetworkError(failure(PROXY_REFUSED, { status: 403 }), viaProxy).message).toMatch(
      /^the proxy http:\/\/\*\*\*:\*\*\*@proxy\.corp:3128 did not connect to api\.example\.com \(HTTP 403\)/,
    );
    const auth = toNetworkError(failure(PROXY_REFUSED, { status: 407 }), viaProxy);
    expect(auth.message).toMatch(/wants other credentials \(HTTP 407\)/);
    expect(auth.hint).toMatch(/user:password@/);
  });

  it('a write whose answer was lost says the server may have carried it out; one never sent does not', () => {
    const write = { ...at, method: 'POST', write: true };
    expect(toNetworkError(failure('ECONNRESET'), write).hint).toMatch(/may have carried it out/);
    expect(toNetworkError(failure('ECONNREFUSED'), write).hint).not.toMatch(/may have carried it out/);
    expect(timeoutError(write, 1500)).toMatchObject({
      kind: 'timeout',
      message: 'request timed out after 1.5s: POST https://api.example.com/api/urls',
    });
    expect(timeoutError(at, 30_000).hint).toMatch(/--timeout/);
  });
});

describe('redirects', () => {
  const res = (status: number, location?: string): HttpResponse => ({
    status,
    headers: location ? { location } : {},
    text: '',
    contentType: 'text/html',
  });
  const redact = (text: string) => text.split('sk_secret').join('***');

  it('names the absolute target, with the key redacted', () => {
    const err = notFollowed(
      { method: 'GET', url: 'https://a.example/api/v1/sk_secret/shorturl/x.json' },
      res(302, '/moved/sk_secret'),
      redact,
    );
    expect(err).toMatchObject({ exitCode: 1, status: 302 });
    expect(err.message).toBe(
      'the server redirected GET https://a.example/api/v1/***/shorturl/x.json to https://a.example/moved/*** (HTTP 302); redirects are not followed',
    );
  });

  it('hints at https when an http base URL is sent there', () => {
    expect(
      notFollowed({ method: 'GET', url: 'http://a.example/api/urls' }, res(301, 'https://a.example/api/urls'), redact)
        .hint,
    ).toMatch(/use an https:\/\/ base URL/);
    expect(
      notFollowed({ method: 'GET', url: 'https://a.example/api/urls' }, res(301, 'https://b.example/api/urls'), redact)
        .hint,
    ).toMatch(/new address/);
    expect(notFollowed({ method: 'GET', url: 'https://a.example/api/urls' }, res(304), redact).message).toMatch(
      /with no Location \(HTTP 304\)/,
    );
  });
});

describe('proxy settings', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const clearProxyEnv = () => {
    for (const name of ['http_proxy', 'https_proxy', 'all_proxy', 'no_proxy']) {
      vi.stubEnv(name, '');
      vi.stubEnv(name.toUpperCase(), '');
    }
  };

  it('masks the credentials of a proxy URL', () => {
    expect(maskProxy(new URL('http://user:p%40ss@proxy.corp:3128'))).toBe('http://***:***@proxy.corp:3128');
    expect(maskProxy(new URL('http://token@proxy.corp:3128/'))).toBe('http://***@proxy.corp:3128');
    expect(maskProxy(new URL('http://proxy.corp:3128'))).toBe('http://proxy.corp:3128');
  });

  it('picks the variable of the target scheme, then ALL_PROXY; lower case first; a missing scheme is http://', async () => {
    clearProxyEnv();
    expect(await proxyFor(new URL('https://api.example.com'))).toBeUndefined();
    vi.stubEnv('ALL_PROXY', 'all.corp:1');
    vi.stubEnv('HTTPS_PROXY', 'https://upper.corp:2');
    vi.stubEnv('https_proxy', 'lower.corp:3');
    expect((await proxyFor(new URL('https://api.example.com')))?.href).toBe('http://lower.corp:3/');
    expect((await proxyFor(new URL('http://api.example.com')))?.href).toBe('http://all.corp:1/');
  });

  it('NO_PROXY: hosts, ports, domains (bare or .dotted) and *', async () => {
    clearProxyEnv();
    vi.stubEnv('HTTPS_PROXY', 'http://proxy.corp:3128');
    const proxied = async (noProxy: string, url: string) => {
      vi.stubEnv('NO_PROXY', noProxy);
      return (await proxyFor(new URL(url))) !== undefined;
    };
    expect(await proxied('api.example.com', 'https://api.example.com')).toBe(false);
    expect(await proxied('api.example.com:8443', 'https://api.example.com')).toBe(true);
    expect(await proxied('api.example.com:443', 'https://api.example.com')).toBe(false);
    expect(await proxied('.example.com', 'https://api.example.com')).toBe(false);
    // A bare domain covers the hosts under it, as in curl and gh.
    expect(await proxied('example.com', 'https://api.example.com')).toBe(false);
    expect(await proxied('example.com:8443', 'https://api.example.com')).toBe(true);
    expect(await proxied('ample.com', 'https://api.example.com')).toBe(true);
    expect(await proxied('example.com', 'https://192.0.2.10')).toBe(true);
    expect(await proxied('*', 'https://api.example.com')).toBe(false);
  });

  it('a loopback target goes direct when the proxy is on another host, and through a loopback proxy', async () => {
    clearProxyEnv();
    vi.stubEnv('HTTP_PROXY', 'http://proxy.corp:3128');
    for (const url of ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080', 'http://app.localhost'])
      expect(await proxyFor(new URL(url)), url).toBeUndefined();
    expect(await proxyFor(new URL('http://192.0.2.10'))).toBeDefined();
    vi.stubEnv('HTTP_PROXY', 'http://127.0.0.1:8888');
    expect((await proxyFor(new URL('http://127.0.0.1:8080')))?.href).toBe('http://127.0.0.1:8888/');
  });

  it('refuses a proxy it cannot speak to, without showing its credentials', async () => {
    clearProxyEnv();
    vi.stubEnv('ALL_PROXY', 'socks5://me:secret@127.0.0.1:1080');
    await expect(proxyFor(new URL('https://api.example.com'))).rejects.toMatchObject({
      exitCode: 2,
      message: 'unsupported proxy socks5://***:***@127.0.0.1:1080: shorty speaks to http:// and https:// proxies only',
    });
  });
});
