// A link is a create's only on evidence: the lookups after a lost answer, against a scripted API.
import { describe, expect, test } from 'vitest';
import type { HttpResponse } from '../../src/api/http.js';
import type { ModernApi } from '../../src/api/modern.js';
import type { JournalWriter } from '../../src/bulk/engine/journal/journal.js';
import { createCreator, createEnded } from '../../src/bulk/engine/send/create.js';
import { OutageRider } from '../../src/bulk/engine/pace/outage.js';
import { ApiError, CancelError, NetworkError } from '../../src/errors.js';

const BASE = 'https://sho.rt';
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

interface Script {
  /** Each POST: what it does after going on the wire (throws, or answers). */
  posts: (() => unknown)[];
  /** The account's links, newest first, as the list (and the `short=` lookup) shows them. */
  links: Record<string, unknown>[];
}

function scriptedApi(script: Script): { api: ModernApi; gets: string[] } {
  const gets: string[] = [];
  const answer = (json: unknown): HttpResponse => ({
    status: 200,
    headers: { date: new Date().toUTCString() },
    text: '',
    json,
    contentType: 'application/json',
  });
  const api = {
    async call(
      method: string,
      path: string,
      opts: { beforeSend?: () => Promise<void>; query?: Record<string, unknown> } = {},
    ) {
      // A read through call() (--if-exists skip asks whom an alias leads to): the list's answer.
      if (method === 'GET') {
        const { json } = await api.send(method, path, opts as never);
        const body = json as { error?: number; message?: string };
        if (body.error) throw new ApiError(body.message ?? 'error');
        return body;
      }
      await opts.beforeSend?.();
      const post = script.posts.shift();
      if (!post) throw new Error('an unexpected POST');
      return post();
    },
    async send(_method: string, _path: string, opts: { query?: Record<string, unknown> } = {}) {
      const q = opts.query ?? {};
      gets.push(new URLSearchParams(q as Record<string, string>).toString());
      if (q.short) {
        const link = script.links.find((l) => l.shorturl === q.short);
        return answer(link ? { error: 0, id: link.id, details: link } : { error: 1, message: 'Link does not exist.' });
      }
      const page = Number(q.page ?? 1);
      const size = Number(q.limit);
      const urls = script.links.slice((page - 1) * size, page * size);
      const maxpage = Math.ceil(script.links.length / size);
      return answer({
        error: 0,
        data: {
          result: script.links.length,
          perpage: size,
          currentpage: page,
          nextpage: page < maxpage ? page + 1 : null,
          maxpage,
          urls,
        },
      });
    },
    async rateBudget() {
      throw new Error('not used');
    },
  } as unknown as ModernApi;
  return { api, gets };
}

function creator(api: ModernApi) {
  const rider = new OutageRider(
    { now: Date.now, sleep: async () => {}, warn: () => {} },
    { maxMs: 60_000, firstMs: 1, capMs: 1 },
  );
  return createCreator({ api, rider, baseUrl: BASE, now: Date.now, claimed: new Set(), answerMs: 30_000 });
}

const link = (id: number, longurl: string, at: number, alias = `a${id}`) => ({
  id,
  alias,
  shorturl: `${BASE}/${alias}`,
  longurl,
  date: stamp(at),
});

describe('a lost answer', () => {
  test('of an alias row, then "alias taken": the alias made since the send is adopted (ok, not skipped)', async () => {
    const script: Script = { links: [], posts: [] };
    // The first try's answer is lost, and the server makes its link only after the lookup that
    // follows (a busy server): the second try finds the alias taken.
    script.posts.push(() => {
      throw new NetworkError('timeout', 'request timed out');
    });
    script.posts.push(() => {
      script.links.unshift(link(7, 'https://x.example/a', Date.now(), 'gs-a'));
      throw new ApiError('That alias is taken. Please choose another one.');
    });
    const { api } = scriptedApi(script);
    const make = creator(api);
    const result = await make.create({ row: 1, key: 'k' }, { url: 'https://x.example/a', custom: 'gs-a' }, 'skip');
    // Found by what it holds and when, never by an answer: adopted, so --undo leaves it unless told.
    expect(result.outcome).toEqual({ status: 'ok', id: 7, shorturl: `${BASE}/gs-a`, adopted: true });
  });

  test('an alias that existed before the send stays skipped', async () => {
    const script: Script = {
      links: [link(3, 'https://x.example/a', Date.now() - 3_600_000, 'gs-a')],
      posts: [
        () => {
          throw new NetworkError('reset', 'connection reset');
        },
        () => {
          throw new ApiError('That alias is taken. Please choose another one.');
        },
      ],
    };
    const result = await creator(scriptedApi(script).api).create(
      { row: 1, key: 'k' },
      { url: 'https://x.example/a', custom: 'gs-a' },
      'skip',
    );
    expect(result.outcome.status).toBe('skipped');
  });

  test('without an alias: the list is read back past 20 links to the send', async () => {
    const sentAt = Date.now();
    const script: Script = { links: [], posts: [] };
    script.posts.push(() => {
      // Made, then 150 other links by another job before the lookup.
      script.links.unshift(link(1, 'https://x.example/p', sentAt));
      for (let i = 2; i <= 151; i++) script.links.unshift(link(i, `https://other.example/${i}`, sentAt));
      throw new NetworkError('reset', 'connection reset');
    });
    const { api, gets } = scriptedApi(script);
    const result = await creator(api).create({ row: 1, key: 'k' }, { url: 'https://x.example/p' }, 'fail');
    expect(result.outcome).toMatchObject({ status: 'ok', id: 1 });
    expect(gets).toEqual(['order=date&limit=100&page=1', 'order=date&limit=100&page=2']);
  });

  test("a link with the URL made long after the last try is not the row's; two in the window: undecided", async () => {
    const hourAgo = Date.now() - 3_600_000;
    const script: Script = { links: [link(5, 'https://x.example/q', Date.now())], posts: [] };
    const make = creator(scriptedApi(script).api);
    expect(await make.settle({ url: 'https://x.example/q' }, { first: hourAgo, last: hourAgo })).toEqual({
      kind: 'absent',
    });

    script.links.unshift(link(6, 'https://x.example/q', Date.now()));
    const now = Date.now();
    const both = await make.settle({ url: 'https://x.example/q' }, { first: now, last: now });
    expect(both).toMatchObject({ kind: 'undecided', why: expect.stringMatching(/^2 links with its long URL/) });
  });

  test("a link made after the last try ended, past the clock tolerance, is not the row's though within the request timeout", async () => {
    const sentAt = Date.now() - 20_000;
    const script: Script = { links: [link(8, 'https://x.example/late', Date.now())], posts: [] };
    const make = creator(scriptedApi(script).api);
    const sent = { url: 'https://x.example/late' };
    expect(await make.settle(sent, { first: sentAt, last: sentAt, end: sentAt + 100 })).toEqual({ kind: 'absent' });
    // A try whose end is not known (a run killed during it) may have been carried out until its timeout.
    expect(await make.settle(sent, { first: sentAt, last: sentAt })).toMatchObject({ kind: 'found' });
  });

  test('a failure after the create was sent that is not a refusal (a body that blew the stack) leaves the intent open', async () => {
    const script: Script = {
      links: [],
      posts: [
        () => {
          throw new RangeError('Maximum call stack size exceeded');
        },
      ],
    };
    const appended: { status?: string }[] = [];
    const journal: JournalWriter = {
      append: async (rec) => {
        appended.push(rec as { status?: string });
      },
      close: async () => {},
    };
    const rider = new OutageRider(
      { now: Date.now, sleep: async () => {}, warn: () => {} },
      { maxMs: 0, firstMs: 1, capMs: 1 },
    );
    const make = createCreator({
      api: scriptedApi(script).api,
      rider,
      journal,
      baseUrl: BASE,
      now: Date.now,
      claimed: new Set(),
      answerMs: 30_000,
    });
    const end = await createEnded(make, { row: 1, key: 'k' }, { url: 'https://x.example/r' }, 'fail', {
      signal: new AbortController().signal,
      journal,
    });
    expect(end.kind).toBe('unknown');
    // The intent, then the end of its try: a later lookup adopts nothing made after it.
    expect(appended.map((r) => r.status)).toEqual(['sending', 'sending']);
    expect(appended[1]).toMatchObject({ end: expect.any(Number) });
  });
});

test('Ctrl-C while waiting to try again after a lost answer: the row may exist (reported so), not "not sent"', async () => {
  const script: Script = {
    links: [],
    posts: [
      () => {
        throw new NetworkError('reset', 'connection reset');
      },
    ],
  };
  const stop = new AbortController();
  const rider = new OutageRider(
    {
      now: Date.now,
      sleep: async () => {
        stop.abort(new CancelError());
        throw new CancelError();
      },
      warn: () => {},
    },
    { maxMs: 60_000, firstMs: 1, capMs: 1 },
  );
  // The lookup fails too (the service is down), so the run waits, and is stopped there.
  const { api } = scriptedApi(script);
  api.send = async () => {
    throw new NetworkError('refused', 'connection refused');
  };
  const make = createCreator({ api, rider, baseUrl: BASE, now: Date.now, claimed: new Set(), answerMs: 30_000 });
  const end = await createEnded(make, { row: 1, key: 'k' }, { url: 'https://x.example/s' }, 'fail', {
    signal: stop.signal,
  });
  expect(end).toEqual({
    kind: 'unknown',
    error: 'stopped after its answer was lost',
    lookedUp: false,
    fatal: undefined,
  });
});
