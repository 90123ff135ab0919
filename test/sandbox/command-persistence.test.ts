// runSandbox (the `shorty sandbox` command), --data persistence, and the process helper.
import { build } from 'esbuild';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { runSandbox } from '../../src/sandbox/command.js';
import { createSandbox } from '../../src/sandbox/server.js';
import { execa } from 'execa';
import { BIN, stdoutShows } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { until } from '../helpers/until.js';
import { startSandbox, startSandboxProcess } from '../helpers/sandbox.js';

const dir = mkdtempSync(join(tmpdir(), 'shorty-sandbox-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

const waitFor = until;

describe('runSandbox', () => {
  test('prints exactly the two lines on stdout, serves, and exits 0 when aborted', async () => {
    const out = capture();
    const err = capture();
    const abort = new AbortController();
    const running = runSandbox(
      { apiKey: 'sk_command_test_key', rateLimit: '7/60s' },
      { stdout: out.stream, stderr: err.stream },
      abort.signal,
    );
    await waitFor(() => out.text().split('\n').length >= 3);
    const lines = out.text().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^SHORTY_BASE_URL=http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[1]).toBe('SHORTY_API_KEY=sk_command_test_key');
    expect(lines[2]).toBe('');
    expect(err.text()).toMatch(/listening/);

    const baseUrl = lines[0].slice('SHORTY_BASE_URL='.length);
    const res = await fetch(`${baseUrl}/api/account`, { headers: { Authorization: 'Bearer sk_command_test_key' } });
    expect(res.headers.get('x-ratelimit-limit')).toBe('7');
    abort.abort();
    expect(await running).toBe(0);
    await expect(fetch(`${baseUrl}/api/account`)).rejects.toThrow();
  });

  test('a random sk_ key when none is given', async () => {
    const out = capture();
    const abort = new AbortController();
    const running = runSandbox({}, { stdout: out.stream, stderr: capture().stream }, abort.signal);
    await waitFor(() => out.text().includes('SHORTY_API_KEY'));
    expect(out.text()).toMatch(/^SHORTY_API_KEY=sk_[0-9a-f]{32}$/m);
    abort.abort();
    expect(await running).toBe(0);
  });

  test.each([
    [{ port: 'eighty' }, /invalid port/],
    [{ port: '70000' }, /invalid port/],
    [{ rateLimit: 'fast' }, /invalid rate limit/],
    [{ apiKey: 'a b' }, /invalid API key/],
  ])('%j is refused with a clear error', async (opts, message) => {
    await expect(
      runSandbox(opts, { stdout: capture().stream, stderr: capture().stream }, new AbortController().signal),
    ).rejects.toThrow(message);
  });
});

describe('--data persistence', () => {
  test('a restart loads what the previous run saved', async () => {
    const file = join(dir, 'state.json');
    const first = await startSandbox({ dataFile: file, apiKey: 'sk_persist_1' });
    const link = await first.api('POST', '/url/add', { url: 'https://example.com/kept', custom: 'kept1' });
    await first.api('POST', '/channel/add', { name: 'Kept channel' });
    await fetch(`${first.baseUrl}/kept1`, { redirect: 'manual' });
    await first.close();
    expect(JSON.parse(readFileSync(file, 'utf8')).links).toHaveLength(1);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = await startSandbox({ dataFile: file, apiKey: 'sk_persist_2' });
    const detail = await second.api('GET', `/url/${link.json.id}`);
    expect(detail.json.details).toMatchObject({
      longurl: 'https://example.com/kept',
      shorturl: `${second.baseUrl}/kept1`,
    });
    expect(detail.json.data.clicks).toBe(1);
    expect((await second.api('GET', '/channels')).json.data.channels[0].name).toBe('Kept channel');
    // ids continue after the saved ones
    expect((await second.api('POST', '/url/add', { url: 'https://example.com/next' })).json.id).toBe(link.json.id + 1);
    await second.close();
  });

  test('the file is written on every change, not only at exit', async () => {
    const file = join(dir, 'live.json');
    const sb = await startSandbox({ dataFile: file });
    await sb.api('POST', '/pixel/add', { type: 'gapixel', name: 'GA', tag: 'G-1' });
    expect(JSON.parse(readFileSync(file, 'utf8')).pixels[0]).toMatchObject({ name: 'GA', tag: 'G-1' });
    await sb.close();
  });

  test('a save that fails (a full disk) answers the change as made, says so once, and saves it all when it can', async () => {
    const folder = join(dir, 'vanishing');
    mkdirSync(folder);
    const file = join(folder, 'state.json');
    const out = capture();
    const err = capture();
    const abort = new AbortController();
    const running = runSandbox(
      { apiKey: 'sk_save_fails_1', data: file },
      { stdout: out.stream, stderr: err.stream },
      abort.signal,
    );
    await waitFor(() => out.text().includes('SHORTY_API_KEY'));
    const baseUrl = /^SHORTY_BASE_URL=(\S+)$/m.exec(out.text())![1];
    const add = async (n: number) =>
      (
        await fetch(`${baseUrl}/api/url/add`, {
          method: 'POST',
          headers: { Authorization: 'Bearer sk_save_fails_1' },
          body: JSON.stringify({ url: `https://example.com/${n}` }),
        })
      ).json() as Promise<{ error: number; id: number }>;

    expect((await add(1)).error).toBe(0);
    rmSync(folder, { recursive: true }); // every save fails now (ENOENT), as on a full disk
    expect(await add(2)).toMatchObject({ error: 0, id: 2 });
    expect(await add(3)).toMatchObject({ error: 0, id: 3 });
    const warnings = err
      .text()
      .split('\n')
      .filter((line) => line.startsWith('warning:'));
    expect(warnings).toEqual([
      `warning: cannot save the data to ${file} (ENOENT); the sandbox goes on from memory and saves at the next change`,
    ]);

    mkdirSync(folder);
    expect((await add(4)).error).toBe(0);
    expect(err.text()).toContain(`saved the data to ${file} again\n`);
    expect(JSON.parse(readFileSync(file, 'utf8')).links.map((l: { id: number }) => l.id)).toEqual([1, 2, 3, 4]);
    expect(readdirSync(folder)).toEqual(['state.json']);
    abort.abort();
    expect(await running).toBe(0);
  });

  test('the save when it stops fails: exit 1 naming the file, and that the last changes are lost', async () => {
    const folder = join(dir, 'gone-at-exit');
    mkdirSync(folder);
    const file = join(folder, 'state.json');
    // The built CLI, as a person runs it (its key on stdout is the sandbox's own, printed by design).
    const child = execa(process.execPath, [BIN, 'sandbox', '--data', file], {
      reject: false,
      env: { SHORTY_CONFIG_DIR: dir },
    });
    await stdoutShows(child, /SHORTY_API_KEY=/);
    rmSync(folder, { recursive: true });
    child.kill('SIGTERM');
    const res = await child;
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(
      new RegExp(
        `^shorty: cannot save the data to ${file}: no such file or folder \\(ENOENT\\); the changes since the last save are lost$`,
        'm',
      ),
    );
  });

  test('the data file keeps the key: a restart accepts and prints the same one; --api-key chooses another, kept from then on', async () => {
    const file = join(dir, 'keeps-key.json');
    const start = async (opts: { apiKey?: string } = {}) => {
      const out = capture();
      const abort = new AbortController();
      const running = runSandbox(
        { ...opts, data: file },
        { stdout: out.stream, stderr: capture().stream },
        abort.signal,
      );
      await waitFor(() => /SHORTY_API_KEY=\S+\n/.test(out.text()));
      const key = /^SHORTY_API_KEY=(\S+)$/m.exec(out.text())![1];
      const baseUrl = /^SHORTY_BASE_URL=(\S+)$/m.exec(out.text())![1];
      const status = async (k: string) =>
        (
          (await (await fetch(`${baseUrl}/api/account`, { headers: { Authorization: `Bearer ${k}` } })).json()) as {
            error: unknown;
          }
        ).error;
      const stop = async () => {
        abort.abort();
        expect(await running).toBe(0);
      };
      return { key, status, stop };
    };
    const first = await start();
    expect(first.key).toMatch(/^sk_[0-9a-f]{32}$/);
    // Kept at once, before any change: a sandbox stopped right away still restarts with its key.
    expect(JSON.parse(readFileSync(file, 'utf8')).apiKey).toBe(first.key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await first.stop();

    const again = await start();
    expect(again.key).toBe(first.key);
    expect(await again.status(first.key)).toBe(0);
    await again.stop();

    const chosen = await start({ apiKey: 'sk_chosen_key_1' });
    expect(chosen.key).toBe('sk_chosen_key_1');
    expect(await chosen.status(first.key)).toBe(1);
    await chosen.stop();
    const after = await start();
    expect(after.key).toBe('sk_chosen_key_1');
    await after.stop();
  });

  test('a kept key edited into something unusable is refused, naming the file', async () => {
    const file = join(dir, 'bad-key.json');
    const sb = await createSandbox({ dataFile: file });
    await sb.close();
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), apiKey: 'a b' }));
    await expect(createSandbox({ dataFile: file })).rejects.toThrow(/bad-key\.json holds an unusable apiKey/);
  });

  test('a file that is not sandbox state is refused with a clear message', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"hello": "world"}');
    await expect(createSandbox({ dataFile: file })).rejects.toThrow(/not a sandbox state/);
    writeFileSync(file, '{broken');
    await expect(createSandbox({ dataFile: file })).rejects.toThrow(/cannot read sandbox data file/);
  });
});

describe('a start that fails writes nothing', () => {
  test('a port that is taken: exit 2, and the data file is not created', async () => {
    const other = await startSandbox();
    const port = new URL(other.baseUrl).port;
    const file = join(dir, 'taken-port.json');
    try {
      const res = await runInProcess(['sandbox', '--port', port, '--data', file]);
      expect([res.exitCode, res.stdout]).toEqual([2, '']);
      expect(res.stderr).toMatch(new RegExp(`^shorty: port ${port} on 127\\.0\\.0\\.1 is taken$`, 'm'));
      expect(existsSync(file)).toBe(false);
    } finally {
      await other.close();
    }
  });

  test('a data file in a folder that does not exist: refused before it starts, exit 2', async () => {
    const file = join(dir, 'missing-folder', 'state.json');
    const res = await runInProcess(['sandbox', '--data', file]);
    expect([res.exitCode, res.stdout]).toEqual([2, '']);
    expect(res.stderr).toBe(
      `shorty: cannot write the data file ${file}: no such file or folder (ENOENT)\nhint: check the path\n`,
    );
    expect(existsSync(join(dir, 'missing-folder'))).toBe(false);
  });

  test('a data file whose folder is a file: refused, exit 2', async () => {
    const notAFolder = join(dir, 'plain-file');
    writeFileSync(notAFolder, '');
    const res = await runInProcess(['sandbox', '--data', join(notAFolder, 'state.json')]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(
      /^shorty: cannot write the data file .*plain-file\/state\.json: a part of the path is not a folder \(ENOTDIR\)$/m,
    );
  });
});

describe('as a separate process', () => {
  test('startSandboxProcess reads the two lines; SIGTERM saves and exits 0', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const bundle = join(dir, 'sandbox-main.cjs');
    await build({
      stdin: {
        contents: `import { runSandbox } from './src/sandbox/command.ts';
          const args = process.argv.slice(2); const opts = {};
          for (let i = 0; i < args.length; i += 2) opts[args[i].replace(/^--/, '').replace(/-(\\w)/g, (_, c) => c.toUpperCase())] = args[i + 1];
          const abort = new AbortController();
          for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => abort.abort());
          runSandbox(opts, process, abort.signal).then((code) => process.exit(code));`,
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      // CommonJS, as the CLI's own bundle: some packages (write-file-atomic) require Node's modules,
      // which an ESM bundle cannot.
      format: 'cjs',
      outfile: bundle,
      logLevel: 'silent',
    });
    const file = join(dir, 'process.json');
    const sb = await startSandboxProcess(['--data', file, '--rate-limit', '3/60s'], [process.execPath, bundle]);
    expect(sb.apiKey).toMatch(/^sk_[0-9a-f]{32}$/);
    const res = await sb.api('POST', '/url/add', { url: 'https://example.com/process' });
    expect(res.headers.get('x-ratelimit-limit')).toBe('3');
    expect((await sb.admin.requests())[0].body).toEqual({ url: 'https://example.com/process' });
    await sb.close();
    expect(await sb.exitCode()).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).links[0].longurl).toBe('https://example.com/process');
  });
});
