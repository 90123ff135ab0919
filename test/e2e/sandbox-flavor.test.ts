// `shorty sandbox --flavor`: the built CLI starts a v6 sandbox and refuses an unknown flavor;
// a client written for v6 servers works with it unchanged, and so does shorty.
import { request } from 'node:http';
import { expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startSandboxProcess } from '../helpers/sandbox.js';

/** One request as a v6-era client sends it: `Authorization: Token KEY`, a JSON body. */
function v6Client(baseUrl: string, key: string) {
  return (method: string, path: string, body?: unknown) =>
    new Promise<any>((resolve, reject) => {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${baseUrl}/api${path}`,
        {
          method,
          headers: { Authorization: `Token ${key}`, ...(text ? { 'Content-Type': 'application/json' } : {}) },
        },
        (res) => {
          let answer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (answer += chunk));
          res.on('end', () => resolve(JSON.parse(answer)));
        },
      );
      req.on('error', reject);
      req.end(text);
    });
}

it('a client written for v6 servers (Token auth, string ids) works unchanged; shorty prints numbers', async () => {
  const sb = await startSandboxProcess(['--flavor', 'v6']);
  try {
    const call = v6Client(sb.baseUrl, sb.apiKey);
    const added = await call('POST', '/url/add', { url: 'https://example.com/v6', custom: 'v6e2e' });
    expect(added).toMatchObject({ error: 0, id: expect.stringMatching(/^\d+$/), shorturl: `${sb.baseUrl}/v6e2e` });
    const links = await call('GET', '/urls');
    expect(links.error).toBe(0);
    expect(links.data.urls[0]).toMatchObject({ alias: 'v6e2e', clicks: '0', uniqueclicks: '0' });
    await call('POST', '/domain/add', { domain: 'https://go.example.com' });
    expect((await call('GET', '/domains')).data.domains[0].id).toEqual(expect.stringMatching(/^\d+$/));
    await call('POST', '/qr/add', { type: 'link', data: 'https://example.com/q' });
    expect((await call('GET', '/qr')).data.qrs[0]).toMatchObject({ id: expect.stringMatching(/^\d+$/), scans: '0' });

    const env = { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey };
    const res = await runCli(['urls', 'list', '--fields', 'id,alias,clicks', '--json'], { env });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual([{ id: Number(added.id), alias: 'v6e2e', clicks: 0 }]);
  } finally {
    await sb.close();
  }
});

it('`shorty sandbox --flavor v6` starts and answers as v6 does', async () => {
  const sb = await startSandboxProcess(['--flavor', 'v6']);
  try {
    const res = await fetch(`${sb.baseUrl}/api/account`, { headers: { Authorization: `Token ${sb.apiKey}` } });
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(((await res.json()) as { data: { planid: string } }).data.planid).toBe('4');
  } finally {
    await sb.close();
  }
  expect(await sb.exitCode()).toBe(0);
});

it('`shorty sandbox --flavor v9` exits 2 naming the flavors', async () => {
  const res = await runCli(['sandbox', '--port', '0', '--flavor', 'v9']);
  expect(res.exitCode).toBe(2);
  expect(res.stdout).toBe('');
  expect(res.stderr).toBe('shorty: invalid flavor "v9": expected one of v6, v7\n');
});

it('`shorty sandbox --port <taken>` exits 2 with one line and a hint', async () => {
  const sb = await startSandboxProcess([]);
  try {
    const port = new URL(sb.baseUrl).port;
    const res = await runCli(['sandbox', '--port', port]);
    expect(res.exitCode).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toBe(
      `shorty: port ${port} on 127.0.0.1 is taken\nhint: choose another with --port, or --port 0 for a free one\n`,
    );
  } finally {
    await sb.close();
  }
});
