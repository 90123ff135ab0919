// Smoke test of the single executable (`npm run build:binary` first), run by CI: with no node on
// PATH and no node_modules in reach, dist/shorty runs local commands, `sandbox`, requests against
// it (the CSV writer and the table included), a Redis rate store (ioredis, an asset of the
// executable), `mcp` (initialize and tools/list; the SDK is an asset too), and refuses
// `login --keyring` in one line. Exits non-zero at the first failure.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const dir = mkdtempSync(join(tmpdir(), 'shorty-smoke-'));
// A copy away from the repository: nothing of node_modules or dist/ beside it.
const shorty = join(dir, 'shorty');
copyFileSync(resolve('dist/shorty'), shorty);
const env = { PATH: join(dir, 'empty-path'), HOME: dir, SHORTY_CONFIG_DIR: join(dir, 'config'), LANG: 'C.UTF-8' };

function check(condition, what, detail = '') {
  if (!condition) {
    console.error(`smoke-binary: FAILED: ${what}\n${detail}`);
    process.exitCode = 1;
    throw new Error(what);
  }
  console.error(`smoke-binary: ok: ${what}`);
}

function run(args, extra = {}, input = undefined) {
  const res = spawnSync(shorty, args, { env: { ...env, ...extra }, input, encoding: 'utf8', cwd: dir });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** The next line of a child's stdout. */
function lines(child) {
  const reader = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return async () => (await reader.next()).value;
}

const sandbox = spawn(shorty, ['sandbox', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
const mcp = { child: undefined };
try {
  check(spawnSync('node', ['--version'], { env }).error !== undefined, 'no node on PATH');
  const version = run(['--version']);
  check(version.code === 0 && /^\d+\.\d+\.\d+/.test(version.stdout), 'shorty --version', version.stderr);
  check(run(['--help']).stdout.includes('Usage: shorty'), 'shorty --help');
  check(run(['completion', 'bash']).stdout.includes('complete'), 'shorty completion bash');

  const next = lines(sandbox);
  const baseUrl = (await next()).split('=')[1];
  const apiKey = (await next()).split('=')[1];
  check(baseUrl?.startsWith('http://127.0.0.1:'), 'shorty sandbox');
  const api = { SHORTY_BASE_URL: baseUrl, SHORTY_API_KEY: apiKey };
  const added = run(['urls', 'add', 'https://example.com/binary', '-q'], api);
  check(added.code === 0 && added.stdout.startsWith(baseUrl), 'shorty urls add', added.stderr);
  const csv = run(['urls', 'list', '-o', 'csv'], api);
  check(csv.code === 0 && csv.stdout.includes('https://example.com/binary'), 'shorty urls list -o csv', csv.stderr);
  const table = run(['urls', 'list', '-o', 'table'], api);
  check(table.code === 0 && table.stdout.includes('example.com/binary'), 'shorty urls list -o table', table.stderr);

  const keyring = run(['login', '--keyring', '--with-key', '--base-url', baseUrl], {}, apiKey);
  check(
    keyring.code === 2 && /no keyring support/.test(keyring.stderr) && keyring.stderr.trim().split('\n').length === 1,
    'login --keyring refused in one line',
    keyring.stderr,
  );

  // ioredis is an asset of the executable: loaded, it reports the refused connection itself.
  const redis = run(['--rate-store', 'redis://127.0.0.1:1', 'urls', 'list'], api);
  check(redis.code === 5 && /connection refused/.test(redis.stderr), 'shorty --rate-store redis://', redis.stderr);

  mcp.child = spawn(shorty, ['mcp'], { env: { ...env, ...api }, stdio: ['pipe', 'pipe', 'ignore'] });
  const answer = lines(mcp.child);
  const send = (message) => mcp.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const clientInfo = { name: 'smoke', version: '1' };
  send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo } });
  check(JSON.parse(await answer()).result?.serverInfo !== undefined, 'shorty mcp: initialize');
  send({ method: 'notifications/initialized' });
  send({ id: 2, method: 'tools/list' });
  check(JSON.parse(await answer()).result?.tools?.length > 0, 'shorty mcp: tools/list');
} finally {
  mcp.child?.kill();
  sandbox.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
}
