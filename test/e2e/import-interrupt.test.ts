import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli, startCli, stdoutShows, tempDir } from '../helpers/cli.js';
import { startSandbox } from '../helpers/sandbox.js';

// Ctrl-C during `urls import`: the built CLI as a real process, interrupted with SIGINT. startCli
// and runCli check, as everywhere, that the key never appears in the output.
const dir = tempDir('shorty-import-interrupt-');

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('urls import interrupted', () => {
  test('Ctrl-C while a row waits for the rate limit drops that row at once: nothing more is sent', async () => {
    // One request a minute on both sides: the second row would wait a minute for its slot.
    const strict = await startSandbox({ rateLimit: '1/60s' });
    try {
      const input = file('wait.txt', 'https://wait.example/1\nhttps://wait.example/2\nhttps://wait.example/3\n');
      const journal = join(dir, 'wait.journal');
      const args = ['urls', 'import', input, '--journal', journal, '--rate-limit', '1/60s', '-o', 'ndjson'];
      const env = { SHORTY_BASE_URL: strict.baseUrl, SHORTY_API_KEY: strict.apiKey };
      const { child, result } = startCli(args, { env });
      await new Promise<void>((resolve) => child.stdout!.on('data', () => resolve()));
      child.kill('SIGINT');
      const stopped = await result;
      expect(stopped.exitCode).toBe(130);
      expect(
        stopped.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).status),
      ).toEqual(['ok']);
      expect(stopped.stderr).toMatch(/interrupted: 1 ok in .*2 rows not sent/);
      expect(
        readFileSync(journal, 'utf8')
          .trim()
          .split('\n')
          .filter((l) => !['sending', undefined].includes(JSON.parse(l).status)),
      ).toHaveLength(1);
      const received = (await strict.admin.requests()).filter((r) => r.method === 'POST');
      expect(received.map((r) => (r.body as { url: string }).url)).toEqual(['https://wait.example/1']);
    } finally {
      await strict.close();
    }
  });

  test('Ctrl-C stops, the journal holds every created row, and the rerun creates exactly the rest', async () => {
    const slow = await startSandbox({ rateLimit: '5/1s' });
    try {
      const n = 12;
      const input = file(
        'resume.txt',
        Array.from({ length: n }, (_, i) => `https://resume.example/${i + 1}`).join('\n'),
      );
      const journal = join(dir, 'resume.journal');
      const args = ['urls', 'import', input, '--journal', journal, '--rate-limit', '5/1s', '-o', 'ndjson'];
      const env = { SHORTY_BASE_URL: slow.baseUrl, SHORTY_API_KEY: slow.apiKey };
      const configDir = tempDir('shorty-config-');
      const { child, result } = startCli(args, { env, configDir });
      await stdoutShows(child, /\n/);
      child.kill('SIGINT');
      const stopped = await result;
      expect(stopped.exitCode).toBe(130);
      expect(stopped.stderr).toMatch(/interrupted: \d+ ok in .*rows not sent; run the same command again/);
      const reported = stopped.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      // The outcomes (each create's intent, `sending`, comes before it).
      const journaled = readFileSync(journal, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .filter((r) => r.status !== undefined && r.status !== 'sending');
      expect(reported.length).toBeGreaterThan(0);
      expect(reported.length).toBeLessThan(n);
      expect(journaled.map((j) => j.status)).toEqual(reported.map(() => 'ok'));
      expect((await slow.admin.stats()).links).toBe(reported.length);

      const rerun = await runCli(args, { env, configDir });
      expect(rerun.exitCode).toBe(0);
      const rows = rerun.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(rows.map((r) => r.row)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      expect(rows.map((r) => r.status)).toEqual([
        ...reported.map(() => 'skipped'),
        ...Array(n - reported.length).fill('ok'),
      ]);
      expect(rows.slice(0, reported.length).map((r) => r.shorturl)).toEqual(reported.map((r) => r.shorturl));
      expect((await slow.admin.stats()).links).toBe(n);
      const posts = (await slow.admin.requests()).filter(
        (r) => r.method === 'POST' && r.path === '/api/url/add' && r.status === 200 && !r.rateLimited,
      );
      expect(posts.map((r) => (r.body as { url: string }).url).sort()).toEqual(
        Array.from({ length: n }, (_, i) => `https://resume.example/${i + 1}`).sort(),
      );
    } finally {
      await slow.close();
    }
  });
});
