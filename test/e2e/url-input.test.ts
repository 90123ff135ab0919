// Long URLs are sent as a browser would request them, and what a browser would silently rewrite
// into another address is refused before any request.
import { describe, expect, test } from 'vitest';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { runLogged } = useSandboxCli({ inProcess: true, resetData: true });
const sentUrls = (requests: { path: string; body?: unknown }[]) =>
  requests.filter((r) => r.path === '/api/url/add').map((r) => (r.body as { url: string }).url);

describe('long URLs on the command line and in imports', () => {
  test('urls add sends the WHATWG serialisation: punycode host, percent-encoded spaces and non-ASCII', async () => {
    const res = await runLogged(['urls', 'add', 'https://Bücher.example/a b/ü?q=x y', '-q']);
    expect(res.exitCode).toBe(0);
    expect(sentUrls(res.requests)).toEqual(['https://xn--bcher-kva.example/a%20b/%C3%BC?q=x%20y']);
    expect(res.stderr).toBe('');
  });

  test.each([
    ['a line break', 'https://exa\nmple.com/', /control character/],
    ['a tab', 'https://example.com/a\tb', /control character/],
    ['a backslash before @', 'https://evil.com\\@good.com/', /backslash/],
    ['no // after the scheme', 'https:example.com', /write it as https:\/\/host/],
  ])('%s is exit 2, nothing sent', async (_name, url, message) => {
    const res = await runLogged(['urls', 'add', url]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(res.stderr.split('\n')[0]).toMatch(/^shorty: invalid long URL "/);
    expect(res.requests).toEqual([]);
  });

  test('a user name before the host is sent with a one-line warning naming the real host', async () => {
    const res = await runLogged(['urls', 'add', 'https://bank.example@evil.example/login', '-q']);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toBe(
      'warning: the long URL carries a user name or password before its host; it leads to evil.example\n',
    );
    expect(sentUrls(res.requests)).toEqual(['https://bank.example@evil.example/login']);
  });

  test('urls update and legacy create check the same way', async () => {
    expect((await runLogged(['urls', 'update', '1', '--url', 'https:e.com'])).exitCode).toBe(2);
    const legacy = await runLogged(['legacy', 'create', 'https://evil.com\\@good.com/']);
    expect(legacy.exitCode).toBe(2);
    expect(legacy.requests).toEqual([]);
  });

  test('import: the same checks per row, credentials named in one warning', async () => {
    const input = 'url\nhttps://a.example/x y\nhttps://u:p@b.example/\n"https://c.example/\\x"\nhttps://d@e.example/\n';
    const res = await runLogged(['urls', 'import', '-'], { input });
    expect(res.exitCode).toBe(1);
    expect(sentUrls(res.requests).sort()).toEqual([
      'https://a.example/x%20y',
      'https://d@e.example/',
      'https://u:p@b.example/',
    ]);
    expect(res.stderr.match(/warning/g)).toHaveLength(1);
    expect(res.stderr).toContain(
      'warning: the URL of row 3 carries a user name or password before its host; it leads to b.example (also row 5)\n',
    );
  });
});
