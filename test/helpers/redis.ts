import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/**
 * A real `redis-server` on a free port of 127.0.0.1, with no persistence, for the tests of the
 * Redis rate store. Missing redis-server is a failure, not a skip: CI installs it (.ci/run).
 */
export interface StartedRedis {
  port: number;
  /** `redis://[user:pass@]127.0.0.1:<port>/0` */
  url(auth?: string): string;
  /** Sends one command (KEYS, PTTL, ...) and returns the reply. */
  command(...args: string[]): Promise<unknown>;
  /** Kills the server (SIGKILL, as a crash) and starts a new one, empty, on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export function requireRedisServer(): void {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new Error(
      'redis-server is not installed, and the Redis rate-store tests need it: ' +
        'apt-get install -y redis-server (CI installs it in .ci/run)',
    );
  }
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export async function startRedis(opts: { password?: string } = {}): Promise<StartedRedis> {
  requireRedisServer();
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const { child, ready, output } = await spawnRedis(port, opts.password);
    if (ready) return started(child, port, opts.password);
    // Another process took the port between freePort() and the start: try another.
    if (attempt >= 3) throw new Error(`redis-server did not start:\n${output}`);
  }
}

async function spawnRedis(port: number, password?: string) {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  if (password) args.push('--requirepass', password);
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const ready = await untilReady(child, () => output);
  return { child, ready, output };
}

async function untilReady(child: ChildProcess, output: () => string): Promise<boolean> {
  const exited = once(child, 'exit').then(() => false);
  const ready = new Promise<boolean>((resolve) => {
    const check = () => (/Ready to accept connections/.test(output()) ? resolve(true) : setTimeout(check, 20));
    check();
  });
  return Promise.race([ready, exited]);
}

function started(first: ChildProcess, port: number, password?: string): StartedRedis {
  let child = first;
  const redis: StartedRedis = {
    port,
    url: (auth) => `redis://${auth ? `${auth}@` : ''}127.0.0.1:${port}/0`,
    command: (...args) => rawCommand(port, password, args),
    restart: async () => {
      await redis.close();
      const again = await spawnRedis(port, password);
      if (!again.ready) throw new Error(`redis-server did not start again on port ${port}:\n${again.output}`);
      child = again.child;
    },
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
  return redis;
}

/** One command on a fresh connection of the real client (AUTH first when the server has a password). */
async function rawCommand(port: number, password: string | undefined, args: string[]): Promise<unknown> {
  const { Redis } = await import('ioredis');
  const client = new Redis({
    host: '127.0.0.1',
    port,
    password,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    return await client.call(args[0]!, ...args.slice(1));
  } finally {
    client.disconnect();
  }
}
