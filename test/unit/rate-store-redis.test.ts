import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openRedisRateStore, redisStateKey, stateTtlMs, type RedisRateStore } from '../../src/api/rate-store-redis.js';
import { parseRateStoreUrl, rateStoreTarget } from '../../src/settings/rate-store-url.js';
import type { RateState } from '../../src/api/rate-window.js';
import { startRedis, type StartedRedis } from '../helpers/redis.js';
import { until } from '../helpers/until.js';

describe('rate store URLs', () => {
  test.each([
    ['redis://127.0.0.1:6379/0', { tls: false, host: '127.0.0.1', port: 6379, db: 0 }],
    ['redis://redis.internal', { tls: false, host: 'redis.internal', port: 6379, db: 0 }],
    [
      'rediss://user:p%40ss@cache.example.com:6380/2',
      { tls: true, host: 'cache.example.com', port: 6380, db: 2, username: 'user', password: 'p@ss' },
    ],
    [
      'redis://:only-a-password@[::1]:7000',
      { tls: false, host: '::1', port: 7000, db: 0, password: 'only-a-password' },
    ],
  ])('%s', (url, target) => {
    expect(rateStoreTarget(url)).toEqual(target);
    expect(parseRateStoreUrl(` ${url} `)).toBe(url);
  });

  test.each([
    ['https://host:6379', 'must be redis:// or rediss://'],
    ['redis://host:6379/zero', 'the path is a database number'],
    ['redis://host:6379/0?x=1', 'no query or fragment'],
    ['not a url', 'not a URL'],
  ])('%s is refused: %s', (url, why) => {
    expect(() => parseRateStoreUrl(url, '--rate-store')).toThrow(why);
  });

  test('a refused URL never echoes its password', () => {
    expect(() => parseRateStoreUrl('http://u:hunter2@host')).toThrow(/\*\*\*:\*\*\*@host/);
    try {
      parseRateStoreUrl('http://u:hunter2@host');
    } catch (err) {
      expect(String((err as Error).message)).not.toContain('hunter2');
    }
  });
});

describe('the Redis key and its expiry', () => {
  test('the key names the base URL and a hash of the API key only', () => {
    const key = redisStateKey('https://example.com/shortener', 'sk_live_0123456789abcdef');
    expect(key).toMatch(/^shorty:ratelimit:https:\/\/example\.com\/shortener:[0-9a-f]{32}$/);
    expect(key).not.toContain('0123456789abcdef');
    expect(redisStateKey('https://example.com/shortener', 'sk_live_other')).not.toBe(key);
  });

  test('the state expires with the window, later while a request is in flight or a block lasts', () => {
    const now = 1_000_000;
    const done = { slots: [{ sentAt: now - 10, doneAt: now - 5, pid: 1, seq: 1 }] };
    expect(stateTtlMs(done, now, 2000, 35_000)).toBe(2000 + 2 * 10);
    const inFlight = { slots: [{ sentAt: now - 10, pid: 1, seq: 1 }] };
    expect(stateTtlMs(inFlight, now, 2000, 35_000)).toBe(35_000 + 2000 + 2 * 10);
    expect(stateTtlMs({ slots: [], retryUntil: now + 90_000 }, now, 2000, 35_000)).toBe(90_000);
  });
});

describe('the Redis store', () => {
  let redis: StartedRedis;
  const stores: RedisRateStore[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const store of stores.splice(0)) await store.close();
    await redis?.close();
  });
  async function open(baseUrl = 'http://127.0.0.1:1', url = redis.url()): Promise<RedisRateStore> {
    const store = await openRedisRateStore({
      url,
      baseUrl,
      apiKey: 'sk_unit',
      windowMs: 60_000,
      maxInFlightMs: 35_000,
      now: () => Date.now(),
    });
    stores.push(store);
    return store;
  }

  test('updates of many clients, all at once, never lose one another', async () => {
    const clients = await Promise.all([1, 2, 3, 4].map(() => open('http://127.0.0.1:2')));
    expect(new Set(clients.map((c) => c.owner)).size).toBe(4);
    await Promise.all(
      clients.flatMap((client) =>
        Array.from({ length: 25 }, (_, seq) =>
          client.update(
            (state) => void state.slots.push({ sentAt: Date.now(), doneAt: Date.now(), pid: client.owner, seq }),
          ),
        ),
      ),
    );
    const state = await clients[0]!.read();
    expect(state.slots).toHaveLength(100);
    for (const client of clients) expect(state.slots.filter((s) => s.pid === client.owner)).toHaveLength(25);
  });

  test('the database number of the URL is the one used', async () => {
    const store = await open('http://127.0.0.1:3', redis.url().replace(/\/0$/, '/3'));
    await store.update((state) => void state.slots.push({ sentAt: Date.now(), doneAt: Date.now(), pid: 1, seq: 1 }));
    const key = redisStateKey('http://127.0.0.1:3', 'sk_unit');
    const { Redis } = await import('ioredis');
    const inDb = async (db: number) => {
      const client = new Redis({ host: '127.0.0.1', port: redis.port, db, lazyConnect: true });
      await client.connect();
      const found = await client.exists(key);
      client.disconnect();
      return found;
    };
    expect([await inDb(3), await inDb(0)]).toEqual([1, 0]);
  });

  test('a database the server does not have is refused, never database 0 instead', async () => {
    await expect(open('http://127.0.0.1:4', redis.url().replace(/\/0$/, '/99'))).rejects.toThrow(
      /^cannot use the rate store redis:\/\/127\.0\.0\.1:\d+\/99: ERR DB index is out of range$/,
    );
  });

  test('after Redis restarts, the store connects again by itself: an update works within seconds', async () => {
    const store = await open('http://127.0.0.1:5');
    const slot = (seq: number) => (state: RateState) =>
      void state.slots.push({ sentAt: Date.now(), doneAt: Date.now(), pid: store.owner, seq });
    await store.update(slot(1));
    await redis.restart();
    const back = Date.now();
    let failures = 0;
    await until(() =>
      store.update(slot(2)).then(
        () => true,
        () => {
          failures += 1;
          return false;
        },
      ),
    );
    expect(Date.now() - back).toBeLessThan(10_000);
    expect((await store.read()).slots.map((s) => s.seq)).toEqual([2]);
    expect(failures).toBeLessThan(500);
  });

  test('the clock offset to the server is measured (one machine: about zero)', async () => {
    const store = await open();
    expect(Math.abs(store.clockOffsetMs)).toBeLessThan(1000);
  });
});
