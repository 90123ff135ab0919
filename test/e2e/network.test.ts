// The network around the API: proxies from the environment, a private CA, redirects, and a
// service under a path. Local stand-ins for each (test/helpers/network.ts) record what reached
// them, so every test checks where the requests really went.
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type CliResult, type RunOptions, runCli } from '../helpers/cli.js';
import { runInProcess, simulatedClock } from '../helpers/in-process.js';
import {
  makeCertificates,
  resolveTestHostsHere,
  startFront,
  startProxy,
  startRedirector,
  type Certificates,
  type Listening,
  type TestFront,
  type TestProxy,
} from '../helpers/network.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { sandbox, env: sandboxEnv } = useSandboxCli();

let shortUrl = '';
let certs: Certificates;
/** The sandbox over https, with a certificate from a CA no machine trusts. */
let tls: TestFront;
const opened: Listening[] = [];

beforeAll(async () => {
  shortUrl = (await sandbox.api('POST', '/url/add', { url: 'https://example.com/network' })).json.shorturl;
  certs = makeCertificates();
  tls = await startFront(sandbox.baseUrl, { tls: certs });
  opened.push(tls);
});

afterAll(async () => {
  await Promise.all(opened.map((server) => server.close()));
});

async function proxy(opts: { credentials?: string } = {}): Promise<TestProxy> {
  const started = await startProxy(opts);
  opened.push(started);
  return started;
}

async function front(prefix: string): Promise<TestFront> {
  const started = await startFront(sandbox.baseUrl, { prefix });
  opened.push(started);
  return started;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * What is read where the process starts: the CAs Node trusts (NODE_EXTRA_CA_CERTS) and its
 * options, and the debug output of Node and the agents. A run with any of them is a real process.
 */
const STARTUP_VARS = /^(NODE_\w+|DEBUG)$/;
/**
 * The proxy variables are read from process.env on each request (proxy-from-env reads it, not the
 * environment main() is given): an in-process run gets them in this worker's process.env, set for
 * the run only, every spelling not given emptied so the machine's own proxy cannot leak in.
 */
const PROXY_VARS = ['http_proxy', 'https_proxy', 'all_proxy', 'no_proxy'].flatMap((n) => [n, n.toUpperCase()]);

async function shorty(args: string[], env: RunOptions['env'] = {}): Promise<CliResult> {
  const all = { ...sandboxEnv, ...env };
  // A real process: Node reads these variables only where it starts.
  if (Object.keys(env).some((name) => STARTUP_VARS.test(name))) return runCli(args, { env: all });
  for (const name of PROXY_VARS) {
    vi.stubEnv(name, all[name] ?? '');
    delete all[name];
  }
  try {
    // Retries against a proxy that refuses take their back-off from a simulated clock.
    return await runInProcess(args, { env: all, ...simulatedClock() });
  } finally {
    vi.unstubAllEnvs();
  }
}

/** `urls list -q` over https, trusting the test CA: a real process, as Node reads the CA file where it starts. */
const listOverTls = (env: RunOptions['env'] = {}) =>
  shorty(['urls', 'list', '-q'], { SHORTY_BASE_URL: tls.url, NODE_EXTRA_CA_CERTS: certs.caFile, ...env });

function expectListed(res: CliResult): void {
  expect(res.stderr).toBe('');
  expect(res.exitCode).toBe(0);
  expect(res.stdout.split('\n')).toContain(shortUrl);
}

function expectOneError(res: CliResult, exitCode: number, message: RegExp): void {
  expect(res.exitCode, res.stderr).toBe(exitCode);
  const lines = res.stderr.split('\n').filter((line) => line.startsWith('shorty: '));
  expect(lines, res.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(res.stderr).not.toMatch(/^\s+at |<html/m);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('proxies from the environment', () => {
  test('an https base URL goes through a CONNECT tunnel of HTTPS_PROXY; NODE_EXTRA_CA_CERTS trusts the private CA', async () => {
    const p = await proxy();
    const before = tls.paths.length;
    const res = await listOverTls({ HTTPS_PROXY: p.url });
    expectListed(res);
    expect(p.tunnels).toEqual([`127.0.0.1:${tls.port}`]);
    expect(tls.paths.slice(before)).toEqual(['/api/urls']);
  });

  test('an http base URL goes through the forwarding proxy of HTTP_PROXY, not the one of HTTPS_PROXY', async () => {
    const p = await proxy();
    const res = await shorty(['urls', 'list', '-q'], {
      HTTP_PROXY: p.url,
      HTTPS_PROXY: `http://127.0.0.1:${await closedPort()}`,
    });
    expectListed(res);
    expect(p.forwarded).toEqual([`${sandbox.baseUrl}/api/urls`]);
    expect(p.tunnels).toEqual([]);
  });

  /** `urls list` over https without the CA: the tunnel is made, then the certificate refused. */
  async function tunnelUntrusted(env: RunOptions['env']): Promise<CliResult> {
    const res = await shorty(['urls', 'list', '-q'], { SHORTY_BASE_URL: tls.url, ...env });
    expectOneError(res, 5, /^shorty: the certificate of .* is not trusted/);
    return res;
  }

  test('https_proxy is read too', async () => {
    const p = await proxy();
    await tunnelUntrusted({ https_proxy: p.url });
    expect(p.tunnels).toEqual([`127.0.0.1:${tls.port}`]);
  });

  test.each([['all_proxy'], ['ALL_PROXY']])('%s is read too', async (name) => {
    const p = await proxy();
    expectListed(await shorty(['urls', 'list', '-q'], { [name]: p.url }));
    expect(p.forwarded).toEqual([`${sandbox.baseUrl}/api/urls`]);
  });

  // Taken as https://, the proxy would be spoken TLS to and would record no CONNECT.
  test('a proxy written without a scheme is an http:// proxy, as curl reads it', async () => {
    const p = await proxy();
    await tunnelUntrusted({ HTTPS_PROXY: `127.0.0.1:${p.port}` });
    expect(p.tunnels).toEqual([`127.0.0.1:${tls.port}`]);
  });

  // NO_PROXY is matched the same way for either scheme: an http target, so the runs need no CA.
  test.each([
    ['the host', 'NO_PROXY', () => '127.0.0.1'],
    ['the host and its port', 'NO_PROXY', () => `example.com, 127.0.0.1:${new URL(sandbox.baseUrl).port}`],
    ['every host', 'NO_PROXY', () => '*'],
    ['the host, in lower case', 'no_proxy', () => '127.0.0.1'],
  ])('NO_PROXY with %s: a direct connection', async (_name, variable, value) => {
    const p = await proxy();
    const before = (await sandbox.admin.stats()).requests;
    expectListed(await shorty(['urls', 'list', '-q'], { HTTP_PROXY: p.url, [variable]: value() }));
    expect([...p.forwarded, ...p.tunnels]).toEqual([]);
    expect((await sandbox.admin.stats()).requests).toBe(before + 1);
  });

  test('NO_PROXY with the host on another port: still through the proxy', async () => {
    const p = await proxy();
    expectListed(await shorty(['urls', 'list', '-q'], { HTTP_PROXY: p.url, NO_PROXY: '127.0.0.1:1' }));
    expect(p.forwarded).toHaveLength(1);
  });

  describe('a loopback base URL and a proxy on another host', () => {
    // proxy.shorty.test resolves to 127.0.0.1 here, but by its name it is another machine.
    beforeAll(() => resolveTestHostsHere());

    test('the key goes direct, never to the proxy in clear', async () => {
      const p = await proxy();
      const before = (await sandbox.admin.stats()).requests;
      expectListed(await shorty(['urls', 'list', '-q'], { HTTP_PROXY: `http://proxy.shorty.test:${p.port}` }));
      expect([...p.forwarded, ...p.tunnels]).toEqual([]);
      expect((await sandbox.admin.stats()).requests).toBe(before + 1);
    });

    test('a proxy on the loopback too (a debugging proxy) is still used', async () => {
      const p = await proxy();
      expectListed(await shorty(['urls', 'list', '-q'], { HTTP_PROXY: `http://localhost:${p.port}` }));
      expect(p.forwarded).toEqual([`${sandbox.baseUrl}/api/urls`]);
    });
  });

  describe('NO_PROXY with a domain', () => {
    // api.shorty.test resolves to 127.0.0.1 in this process (for the in-process runs) and in the proxy.
    beforeAll(() => resolveTestHostsHere());

    const domainRun = async (noProxy: string | undefined) => {
      const p = await proxy();
      const port = new URL(sandbox.baseUrl).port;
      const res = await shorty(['urls', 'list', '-q', '--insecure'], {
        SHORTY_BASE_URL: `http://api.shorty.test:${port}`,
        HTTP_PROXY: p.url,
        NO_PROXY: noProxy,
      });
      expectListed(res);
      return p.forwarded;
    };

    // A bare domain covers the hosts under it, as in curl and gh.
    test.each([['.shorty.test'], ['*.shorty.test'], ['shorty.test'], ['SHORTY.test'], ['shorty.test:' + 'PORT']])(
      '%s: hosts under it connect directly',
      async (noProxy) => {
        expect(await domainRun(noProxy.replace('PORT', new URL(sandbox.baseUrl).port))).toEqual([]);
      },
    );

    test.each([[undefined], ['other.shorty.test'], ['hshorty.test'], ['shorty.test:1']])(
      '%s: not a match, through the proxy',
      async (noProxy) => {
        expect(await domainRun(noProxy)).toEqual([
          expect.stringMatching(/^http:\/\/api\.shorty\.test:\d+\/api\/urls$/),
        ]);
      },
    );
  });

  test('credentials in the proxy URL reach the proxy and never the output, --debug included', async () => {
    const p = await proxy({ credentials: 'proxyuser:s3cret-pr0xy' });
    const res = await listOverTls({
      HTTPS_PROXY: `http://proxyuser:s3cret-pr0xy@127.0.0.1:${p.port}`,
      SHORTY_DEBUG: 'curl',
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain(`> GET ${tls.url}/api/urls via proxy http://***:***@127.0.0.1:${p.port}\n`);
    expect(res.stdout + res.stderr).not.toMatch(/s3cret|proxyuser/);
    expect(p.authorizations).toEqual([`Basic ${Buffer.from('proxyuser:s3cret-pr0xy').toString('base64')}`]);
  });

  describe('DEBUG=* and NODE_DEBUG (what the proxy agents and Node print on stderr on their own)', () => {
    // Real processes: the debug module and Node read these variables where the process starts.
    const token = Buffer.from('proxyuser:s3cret-pr0xy').toString('base64');
    const expectHidden = (res: CliResult) => {
      expect(res.exitCode, res.stderr).toBe(0);
      // CliResult's own check already fails a run whose output holds the key.
      expect(res.stdout + res.stderr).not.toMatch(/s3cret|proxyuser/);
      expect(res.stdout + res.stderr).not.toContain(token);
    };

    test('an http target: the forwarded request the agent prints has the key, the proxy token and a link password as ***', async () => {
      const p = await proxy({ credentials: 'proxyuser:s3cret-pr0xy' });
      const res = await shorty(['urls', 'add', 'https://example.com/debug-lines', '--password', 'pw', '-q'], {
        HTTP_PROXY: `http://proxyuser:s3cret-pr0xy@127.0.0.1:${p.port}`,
        DEBUG: '*',
        NODE_DEBUG: 'http',
      });
      expectHidden(res);
      // The agent printed the whole request, so the test sees what it would have leaked.
      const line = res.stderr.split('\n').find((l) => l.includes('http-proxy-agent Output buffer:'));
      expect(line, res.stderr).toBeDefined();
      expect(line).toContain("'authorization: Bearer ***\\r\\n'");
      expect(line).toContain("'Proxy-Authorization: Basic ***\\r\\n'");
      expect(line).toContain('"password":"***"');
      expect(p.authorizations).toEqual([`Basic ${token}`]);
    });

    test('an https target (CONNECT): nothing secret on stderr while the tunnel is made', async () => {
      const p = await proxy({ credentials: 'proxyuser:s3cret-pr0xy' });
      const res = await listOverTls({
        HTTPS_PROXY: `http://proxyuser:s3cret-pr0xy@127.0.0.1:${p.port}`,
        DEBUG: 'https-proxy-agent*',
        NODE_DEBUG: 'http,net',
      });
      expectHidden(res);
      expect(res.stderr).toMatch(/https-proxy-agent Creating new HttpsProxyAgent instance/);
      expect(res.stdout.split('\n')).toContain(shortUrl);
      expect(p.tunnels).toEqual([`127.0.0.1:${tls.port}`]);
    });
  });

  // The proxy refuses the CONNECT before any TLS, so neither run needs the CA.
  test.each([
    ['an https target (CONNECT)', () => ({ SHORTY_BASE_URL: tls.url }), 'HTTPS_PROXY'],
    ['an http target (forwarding)', () => ({}), 'HTTP_PROXY'],
  ])(
    'wrong proxy credentials, %s: exit 5, naming the proxy with its credentials masked',
    async (_name, env, variable) => {
      const p = await proxy({ credentials: 'proxyuser:right' });
      const res = await shorty(['urls', 'list'], {
        ...env(),
        [variable]: `http://proxyuser:wr0ng-pass@127.0.0.1:${p.port}`,
      });
      expectOneError(
        res,
        5,
        new RegExp(
          `^shorty: the proxy http://\\*\\*\\*:\\*\\*\\*@127\\.0\\.0\\.1:${p.port} wants other credentials \\(HTTP 407\\)`,
        ),
      );
      expect(res.stderr).toMatch(/^hint: give them in the proxy URL/m);
      expect(res.stdout + res.stderr).not.toMatch(/wr0ng-pass|proxyuser/);
      expect(p.authorizations).toHaveLength(1); // refused credentials are not tried again
    },
  );

  test('a proxy that is not running: exit 5, naming it', async () => {
    const port = await closedPort();
    // The proxy is refused before any TLS, so this run needs no CA.
    const res = await shorty(['urls', 'list', '-q'], {
      SHORTY_BASE_URL: tls.url,
      HTTPS_PROXY: `http://someone:pa55word@127.0.0.1:${port}`,
    });
    expectOneError(
      res,
      5,
      new RegExp(
        `^shorty: cannot reach the proxy http://\\*\\*\\*:\\*\\*\\*@127\\.0\\.0\\.1:${port} \\(connection refused\\): GET ${escapeRegExp(tls.url)}/api/urls$`,
      ),
    );
    expect(res.stderr).toMatch(/^hint: check HTTPS_PROXY/m);
    expect(res.stderr).not.toContain('pa55word');
  });

  test('a proxy that cannot reach the server: exit 5, naming both', async () => {
    const p = await proxy();
    const port = await closedPort();
    const res = await shorty(['urls', 'list'], { SHORTY_BASE_URL: `https://127.0.0.1:${port}`, HTTPS_PROXY: p.url });
    expectOneError(
      res,
      5,
      new RegExp(`^shorty: the proxy ${escapeRegExp(p.url)} did not connect to 127\\.0\\.0\\.1:${port} \\(HTTP 502\\)`),
    );
    expect(p.tunnels).toEqual([`127.0.0.1:${port}`]);
  });

  test('a SOCKS proxy is refused before any request: exit 2', async () => {
    const res = await shorty(['urls', 'list', '-q'], {
      SHORTY_BASE_URL: tls.url,
      ALL_PROXY: 'socks5://127.0.0.1:1080',
    });
    expectOneError(
      res,
      2,
      /^shorty: unsupported proxy socks5:\/\/127\.0\.0\.1:1080: shorty speaks to http:\/\/ and https:\/\/ proxies only$/,
    );
  });
});

describe('certificates', () => {
  test('a certificate from a CA the machine does not trust: exit 5, naming the host, with a hint', async () => {
    const before = tls.paths.length;
    const res = await shorty(['urls', 'list'], { SHORTY_BASE_URL: tls.url });
    expectOneError(
      res,
      5,
      new RegExp(
        `^shorty: the certificate of 127\\.0\\.0\\.1:${tls.port} is not trusted \\(\\w+\\): GET ${escapeRegExp(tls.url)}/api/urls$`,
      ),
    );
    expect(res.stderr).toMatch(/^hint: .*NODE_EXTRA_CA_CERTS=/m);
    expect(tls.paths.length).toBe(before); // no request was sent over the untrusted connection
  });

  test('NODE_EXTRA_CA_CERTS makes it trusted, without a proxy too', async () => {
    expectListed(await listOverTls());
  });
});

describe('redirects are never followed', () => {
  let target: TestFront;
  let redirector: TestFront;

  beforeAll(async () => {
    target = await front('');
    redirector = await startRedirector((path) => `${target.url}${path}`);
    opened.push(redirector);
  });

  test.each([
    ['a read', ['urls', 'list'], 'GET', '/api/urls'],
    ['a write', ['urls', 'add', 'https://example.com/moved'], 'POST', '/api/url/add'],
  ])('%s: exit 1, naming where the server points; nothing reaches it', async (_name, args, method, path) => {
    const before = redirector.paths.length;
    const res = await shorty(args, { SHORTY_BASE_URL: redirector.url });
    expectOneError(
      res,
      1,
      new RegExp(
        `^shorty: the server redirected ${method} ${escapeRegExp(redirector.url + path)} to ${escapeRegExp(target.url + path)} \\(HTTP 301\\)`,
      ),
    );
    expect(res.stderr).toMatch(/^hint: if the service moved, point the base URL at its new address/m);
    expect(redirector.paths.slice(before)).toEqual([path]);
    expect(target.paths).toEqual([]);
  });

  test('a legacy call: the key in the Location is redacted', async () => {
    const res = await shorty(['legacy', 'list'], { SHORTY_BASE_URL: redirector.url });
    // runCli fails the test if the key itself appears anywhere in the output.
    expectOneError(
      res,
      1,
      new RegExp(`to ${escapeRegExp(target.url)}/api/v1/\\*\\*\\*/shorturl/list_active_urls\\.json \\(HTTP 301\\)`),
    );
    expect(target.paths).toEqual([]);
  });

  test('http:// answered with a redirect to https://: the hint says to use https', async () => {
    const toHttps = await startRedirector((path) => `https://127.0.0.1:${tls.port}${path}`, 308);
    opened.push(toHttps);
    const before = tls.paths.length;
    // The redirect is not followed, so the run needs no CA to show that nothing reached https.
    const res = await shorty(['urls', 'list'], { SHORTY_BASE_URL: toHttps.url });
    expectOneError(res, 1, new RegExp(`to https://127\\.0\\.0\\.1:${tls.port}/api/urls \\(HTTP 308\\)`));
    expect(res.stderr).toMatch(/^hint: the server wants https: use an https:\/\/ base URL/m);
    expect(tls.paths.length).toBe(before);
  });
});

describe('a base URL with a path', () => {
  let shortener: TestFront;

  beforeAll(async () => {
    shortener = await front('/shortener');
  });

  test.each([
    ['modern', ['urls', 'list', '-q'], /^\/shortener\/api\/urls$/],
    ['legacy', ['legacy', 'list', '-q'], /^\/shortener\/api\/v1\/[^/]+\/shorturl\/list_active_urls\.json$/],
    ['shorty api', ['api', 'GET', '/urls'], /^\/shortener\/api\/urls$/],
  ])('%s commands reach the API under it', async (_name, args, path) => {
    for (const base of [
      `${shortener.url}/shortener`,
      `${shortener.url}/shortener/`,
      `${shortener.url}/shortener/api`,
    ]) {
      const before = shortener.paths.length;
      const res = await shorty(args, { SHORTY_BASE_URL: base });
      expect(res.exitCode, res.stderr).toBe(0);
      expect(res.stdout).toContain(shortUrl);
      expect(shortener.paths.slice(before)).toEqual([expect.stringMatching(path)]);
    }
  });

  test('writes too: urls add and legacy create', async () => {
    const base = `${shortener.url}/shortener`;
    const added = await shorty(['urls', 'add', 'https://example.com/under-a-path', '-q'], { SHORTY_BASE_URL: base });
    expect(added.exitCode, added.stderr).toBe(0);
    const created = await shorty(['legacy', 'create', 'https://example.com/legacy-under-a-path', '-q'], {
      SHORTY_BASE_URL: base,
    });
    expect(created.exitCode, created.stderr).toBe(0);
    expect(shortener.paths.slice(-2)).toEqual([
      '/shortener/api/url/add',
      expect.stringMatching(/^\/shortener\/api\/v1\/[^/]+\/shorturl\/create\/url\/[^/]+\.json$/),
    ]);
  });

  test.each([
    ['modern', ['urls', 'list'], '/api/urls'],
    ['legacy', ['legacy', 'list'], '/api/v1/***/shorturl/list_active_urls.json'],
  ])('a wrong path: the %s error shows the whole URL tried and points at the base URL', async (_name, args, path) => {
    const res = await shorty(args, { SHORTY_BASE_URL: `${shortener.url}/elsewhere` });
    expectOneError(
      res,
      1,
      new RegExp(
        `^shorty: endpoint not found: GET ${escapeRegExp(`${shortener.url}/elsewhere${path}`)} \\(HTTP 404\\)`,
      ),
    );
    expect(res.stderr).toMatch(/^hint: check the base URL: .*https:\/\/example\.com\/shortener/m);
  });

  test('a base URL with a query is refused before any request: exit 2', async () => {
    const before = shortener.paths.length;
    const res = await shorty(['urls', 'list'], { SHORTY_BASE_URL: `${shortener.url}/shortener?x=1` });
    expectOneError(res, 2, /a base URL has no query or fragment/);
    expect(shortener.paths.length).toBe(before);
  });
});
