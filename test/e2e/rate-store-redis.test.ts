import { writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempDir, type CliResult } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { startMcp } from '../helpers/mcp.js';
import { freePort, startRedis, type StartedRedis } from '../helpers/redis.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

// A fleet: several "machines" (separate config folders, so no shared state file) pacing one key
// through one real redis-server. The fleet that must never be refused is real processes (a budget
// shared across processes is the subject), and so are the runs whose subject Node or a library
// reads from the process (DEBUG, the modules a process loads); the others run main() in-process,
// each run with its own connection as another machine's would. Short windows (2 s) only: these
// tests wait for real.
let redis: StartedRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.close();
});

let sandbox: StartedSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
  await redis.command('FLUSHALL');
});

function envFor(sb: StartedSandbox, extra: Record<string, string> = {}) {
  return { SHORTY_BASE_URL: sb.baseUrl, SHORTY_API_KEY: sb.apiKey, ...extra };
}

/**
 * One machine: a loop of `urls add` runs, all in its own config folder, as separate processes
 * (`runCli`, a shell loop) or in this process where what they share through Redis is the subject.
 */
async function machine(
  sb: StartedSandbox,
  name: string,
  times: number,
  flags: string[],
  run: typeof runCli = runCli,
): Promise<CliResult[]> {
  const configDir = tempDir(`shorty-machine-${name}-`);
  const results: CliResult[] = [];
  for (let i = 0; i < times; i++) {
    results.push(
      await run(['urls', 'add', `https://example.com/${name}/${i}`, '-q', ...flags], { env: envFor(sb), configDir }),
    );
  }
  return results;
}

describe('a fleet sharing one budget through Redis', () => {
  test('3 machines x 4 `urls add` against a server at 6/2s: the server never refuses one', async () => {
    sandbox = await startSandbox({ rateLimit: '6/2s' });
    const flags = ['--rate-limit', '6/2s', '--rate-store', redis.url()];
    const runs = (await Promise.all(['a', 'b', 'c'].map((name) => machine(sandbox!, name, 4, flags)))).flat();
    for (const run of runs) expect(run, run.stderr).toMatchObject({ exitCode: 0 });
    const log = await sandbox.admin.requests();
    expect(log).toHaveLength(12);
    expect(log.filter((r) => r.rateLimited)).toEqual([]);
    expect(await sandbox.admin.stats()).toMatchObject({ requests: 12, rejected: 0 });
  });

  test('the Redis key names the base URL and a hash of the key, never the key, and expires with the window', async () => {
    sandbox = await startSandbox({ rateLimit: '6/2s' });
    const [run] = await machine(sandbox, 'a', 1, ['--rate-limit', '6/2s', '--rate-store', redis.url()], runInProcess);
    expect(run!.exitCode).toBe(0);
    const keys = (await redis.command('KEYS', '*')) as string[];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toContain(sandbox.baseUrl);
    expect(keys[0]).not.toContain(sandbox.apiKey);
    expect(keys[0]).not.toContain(sandbox.apiKey.slice(3, 15));
    const ttl = (await redis.command('PTTL', keys[0]!)) as number;
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2000 + 50);
    const stored = JSON.parse((await redis.command('GET', keys[0]!)) as string);
    expect(stored.slots).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(sandbox.apiKey);
    // Gone once the window has passed: no slot could count any more.
    await until(async () => ((await redis.command('EXISTS', keys[0]!)) as number) === 0);
  });

  test('`shorty limits` reads the fleet budget from Redis', async () => {
    // A long window: however slow the machine, all four requests still count when limits reads.
    sandbox = await startSandbox({ rateLimit: '6/60s' });
    const flags = ['--rate-limit', '6/60s', '--rate-store', redis.url()];
    await Promise.all(['a', 'b'].map((name) => machine(sandbox!, name, 2, flags, runInProcess)));
    // A third machine that sent nothing itself sees the four requests of the others.
    const limits = await runInProcess(['limits', '--json', ...flags], { env: envFor(sandbox), configDir: tempDir() });
    expect(limits.exitCode, limits.stderr).toBe(0);
    expect(JSON.parse(limits.stdout)).toMatchObject({
      used: 4,
      remaining: 2,
      rate_limit: expect.stringMatching(/^6\//),
    });
  });

  test('the store may come from SHORTY_RATE_STORE or the profile key rate-store', async () => {
    sandbox = await startSandbox({ rateLimit: '6/2s' });
    const configDir = tempDir();
    const set = await runInProcess(['config', 'set', 'rate-store', redis.url('nobody:not-the-password')], {
      configDir,
    });
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stdout + set.stderr).not.toContain('not-the-password');
    const list = await runInProcess(['config', 'get', 'rate-store'], { configDir });
    expect(list.stdout.trim()).toBe(`redis://***:***@127.0.0.1:${redis.port}/0`);
    const fromEnv = await runInProcess(['urls', 'add', 'https://example.com/env', '-q'], {
      env: envFor(sandbox, { SHORTY_RATE_STORE: redis.url() }),
    });
    expect(fromEnv.exitCode, fromEnv.stderr).toBe(0);
    expect(await redis.command('KEYS', '*')).toHaveLength(1);
    // The profile's store is used: this server has no user "nobody", so it refuses the profile's login.
    const fromProfile = await runInProcess(['urls', 'add', 'https://example.com/profile', '-q'], {
      env: envFor(sandbox),
      configDir,
    });
    expect(fromProfile.exitCode).toBe(5);
    expect(fromProfile.stderr).toContain(`redis://***:***@127.0.0.1:${redis.port}/0`);
    expect(fromProfile.stderr).not.toContain('not-the-password');
  });
});

/** The connections Redis accepted while `run` ran (the count itself is read on one connection). */
async function redisConnections(run: () => Promise<CliResult>): Promise<{ result: CliResult; connections: number }> {
  const total = async () =>
    Number(/total_connections_received:(\d+)/.exec((await redis.command('INFO', 'stats')) as string)![1]);
  const before = await total();
  const result = await run();
  return { result, connections: (await total()) - before - 1 };
}

describe('Redis restarted during a run', () => {
  test('a running import carries on: every row created once, exit 0', async () => {
    sandbox = await startSandbox({ rateLimit: '6/1s' });
    const rows = Array.from({ length: 12 }, (_, i) => `https://example.com/restart/${i}`);
    const file = join(tempDir(), 'rows.txt');
    writeFileSync(file, `${rows.join('\n')}\n`);
    // A restarted Redis without persistence has forgotten the window: a request may then meet the
    // service's own limit and be sent again. The service answers that with HTTP 200 and
    // `{"error":429}`, as deployed servers do, so links are counted in the account, not by answers.
    const links = async () => {
      // Past the service's window first (the reset keeps the data), so that the read is answered.
      await sandbox!.admin.reset();
      const answer = await sandbox!.api('GET', '/urls?limit=100');
      return (answer.json.data.urls as { longurl: string }[]).map((l) => l.longurl);
    };
    const created = async () =>
      (await sandbox!.admin.requests()).filter((r) => r.method === 'POST' && r.status === 200 && !r.rateLimited).length;
    const running = runInProcess(
      ['urls', 'import', file, '-o', 'ndjson', '--rate-limit', '6/1s', '--rate-store', redis.url()],
      { env: envFor(sandbox) },
    );
    await until(async () => (await created()) >= 3);
    await redis.restart();
    const res = await running;
    expect(res.exitCode, res.stderr).toBe(0);
    const results = res.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { status: string });
    expect(results.map((r) => r.status)).toEqual(rows.map(() => 'ok'));
    expect((await links()).sort()).toEqual([...rows].sort());
  });
});

describe('Redis restarted under shorty mcp', () => {
  test('the server carries on: a call after the restart works, with no restart of shorty mcp', async () => {
    sandbox = await startSandbox();
    const session = await startMcp({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, rateStore: redis.url() });
    try {
      expect((await session.call('account_get')).isError).toBeFalsy();
      await redis.restart();
      // At most the calls that meet the connection while it is made again fail.
      let failed = 0;
      await until(async () => {
        const result = await session.call('account_get');
        if (result.isError) failed += 1;
        return !result.isError;
      });
      expect(failed).toBeLessThan(50);
      expect((await session.call('account_get')).isError).toBeFalsy();
    } finally {
      await session.close();
    }
  });
});

describe('a bulk command opens the rate store once', () => {
  test('sync (read, estimate, writes), import, its dry run and its undo: one Redis connection each', async () => {
    sandbox = await startSandbox({ rateLimit: '30/60s' });
    const dir = tempDir('shorty-redis-bulk-');
    const journal = join(dir, 'links.journal');
    const links = join(dir, 'links.csv');
    writeFileSync(links, 'alias,url\nonce-a,https://example.com/a\nonce-b,https://example.com/b\n');
    const more = join(dir, 'more.txt');
    writeFileSync(more, 'https://example.com/c\nhttps://example.com/d\n');
    // A long window: every step still counts the requests of the steps before it.
    const flags = ['--rate-limit', '10/60s', '--rate-store', redis.url()];
    const run = (args: string[]) =>
      redisConnections(() => runInProcess([...args, ...flags], { env: envFor(sandbox!), configDir: tempDir() }));

    const dry = await run(['urls', 'sync', links, '--dry-run']);
    expect(dry.result.exitCode, dry.result.stderr).toBe(0);
    // The read's one request counted through the same connection: room for both writes.
    expect(dry.result.stderr).toContain('2 writes, under a second at 10/60s');
    expect(dry.connections).toBe(1);

    const sync = await run(['urls', 'sync', links, '-y']);
    expect(sync.result.exitCode, sync.result.stderr).toBe(0);
    expect(sync.connections).toBe(1);

    const eight = join(dir, 'eight.txt');
    writeFileSync(eight, Array.from({ length: 8 }, (_, i) => `https://example.com/dry/${i}\n`).join(''));
    const importDry = await run(['urls', 'import', eight, '--dry-run']);
    expect(importDry.result.exitCode, importDry.result.stderr).toBe(0);
    // The 4 requests of the syncs (other "machines"), read from Redis: room for 6; the other 2
    // wait until the first of those 4 leaves the window (a minute after it, less the time since).
    const waited = /^8 rows, about (\d+)s at 10\/60s$/m.exec(importDry.result.stderr);
    expect(Number(waited?.[1])).toBeGreaterThanOrEqual(30);
    expect(Number(waited?.[1])).toBeLessThanOrEqual(60);
    expect(importDry.connections).toBe(1);

    const imported = await run(['urls', 'import', more, '--journal', journal]);
    expect(imported.result.exitCode, imported.result.stderr).toBe(0);
    expect(imported.result.stderr).toContain('2 rows, under a second at 10/60s');
    expect(imported.connections).toBe(1);

    const undo = await run(['urls', 'import', '--undo', journal, '-y']);
    expect(undo.result.exitCode, undo.result.stderr).toBe(0);
    expect(undo.connections).toBe(1);
  });
});

describe('a rate store that cannot be used', () => {
  const noSecret = (r: CliResult, secret: string) => {
    expect(r.stdout + r.stderr).not.toContain(secret);
  };

  test('refused: exit 5, one line naming the store with its password masked, a hint, no request sent', async () => {
    sandbox = await startSandbox();
    const port = await freePort();
    const run = await runInProcess(
      ['urls', 'add', 'https://example.com/x', '--rate-store', `redis://user:s3cr3t-pw@127.0.0.1:${port}/0`],
      { env: envFor(sandbox) },
    );
    expect(run.exitCode).toBe(5);
    expect(run.stderr.split('\n')[0]).toBe(
      `shorty: cannot use the rate store redis://***:***@127.0.0.1:${port}/0: connection refused`,
    );
    expect(run.stderr.split('\n')[1]).toMatch(/^hint: .*SHORTY_RATE_STORE/);
    noSecret(run, 's3cr3t-pw');
    expect((await sandbox.admin.stats()).requests).toBe(0);
  });

  test('a wrong password: exit 5, authentication failed, the password nowhere, --debug included', async () => {
    const locked = await startRedis({ password: 'the-right-one' });
    try {
      sandbox = await startSandbox();
      const url = `redis://default:wr0ng-pw@127.0.0.1:${locked.port}/0`;
      const run = await runInProcess(['urls', 'add', 'https://example.com/x', '--debug', '--rate-store', url], {
        env: envFor(sandbox),
      });
      expect(run.exitCode).toBe(5);
      expect(run.stderr).toContain(
        `shorty: cannot use the rate store redis://***:***@127.0.0.1:${locked.port}/0: authentication failed`,
      );
      noSecret(run, 'wr0ng-pw');
      const right = await runInProcess(
        ['urls', 'add', 'https://example.com/y', '-q', '--rate-store', url.replace('wr0ng-pw', 'the-right-one')],
        { env: envFor(sandbox) },
      );
      expect(right.exitCode, right.stderr).toBe(0);
      noSecret(right, 'the-right-one');
    } finally {
      await locked.close();
    }
  });

  test("DEBUG=ioredis* (the Redis client's own debug lines on stderr): its AUTH shows the password as ***, right or wrong", async () => {
    const locked = await startRedis({ password: 'the-right-one' });
    try {
      sandbox = await startSandbox();
      const url = (password: string) => `redis://default:${password}@127.0.0.1:${locked.port}/0`;
      const right = await runCli(['urls', 'add', 'https://example.com/d', '-q', '--rate-store', url('the-right-one')], {
        env: envFor(sandbox, { DEBUG: 'ioredis*' }),
      });
      expect(right.exitCode, right.stderr).toBe(0);
      // The client did print its AUTH: what it printed is what the test looks at.
      expect(right.stderr).toMatch(
        /ioredis:redis write command\[.*\]: \d+ -> hello\(\[ '3', 'AUTH', 'default', '\*\*\*' \]\)/,
      );
      noSecret(right, 'the-right-one');
      const wrong = await runCli(['urls', 'add', 'https://example.com/e', '--rate-store', url('wr0ng-pw')], {
        env: envFor(sandbox, { DEBUG: '*' }),
      });
      expect(wrong.exitCode).toBe(5);
      expect(wrong.stderr).toMatch(/'AUTH', 'default', '\*\*\*'/);
      noSecret(wrong, 'wr0ng-pw');
    } finally {
      await locked.close();
    }
  });

  test('a server that never answers: exit 5 after about 2 s, not a hang', async () => {
    sandbox = await startSandbox();
    const sockets: Socket[] = [];
    const silent = createServer((s) => void sockets.push(s)).listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as { port: number };
    try {
      const run = await runInProcess(
        ['urls', 'add', 'https://example.com/x', '--rate-store', `redis://127.0.0.1:${port}`],
        {
          env: envFor(sandbox),
        },
      );
      expect(run.exitCode).toBe(5);
      expect(run.stderr).toContain(`shorty: cannot use the rate store redis://127.0.0.1:${port}: no answer within 2 s`);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });

  test('a URL that is not a Redis URL: usage error, the password masked', async () => {
    const run = await runInProcess(['limits', '--rate-store', 'http://u:pw-in-url@host:6379'], {
      env: { SHORTY_BASE_URL: 'http://127.0.0.1:9', SHORTY_API_KEY: 'sk_test_key_123456' },
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('invalid --rate-store "http://***:***@host:6379": must be redis:// or rediss://');
    noSecret(run, 'pw-in-url');
  });
});

describe('the Redis client is loaded only for a Redis store', () => {
  // A probe preloaded into the CLI reports, as it exits, whether the client's file (bundled in
  // dist/vendor/) was loaded.
  const probe = join(tempDir(), 'probe.cjs');
  writeFileSync(
    probe,
    `process.on('exit', () => {
    const loaded = Object.keys(require.cache).some((p) => /[\\/]dist[\\/]vendor[\\/]ioredis.cjs$/.test(p));
    process.stderr.write('probe: ioredis ' + (loaded ? 'loaded' : 'not loaded') + '\\n');
  });\n`,
  );
  const withProbe = (extra: Record<string, string> = {}) => ({ NODE_OPTIONS: `--require ${probe}`, ...extra });

  test('a run without a rate store never loads it; the same run with one does', async () => {
    sandbox = await startSandbox();
    const without = await runCli(['urls', 'add', 'https://example.com/a', '-q'], { env: withProbe(envFor(sandbox)) });
    expect(without.exitCode, without.stderr).toBe(0);
    expect(without.stderr).toContain('probe: ioredis not loaded');
    const withStore = await runCli(['urls', 'add', 'https://example.com/b', '-q', '--rate-store', redis.url()], {
      env: withProbe(envFor(sandbox)),
    });
    expect(withStore.exitCode, withStore.stderr).toBe(0);
    expect(withStore.stderr).toContain('probe: ioredis loaded');
  });
});
