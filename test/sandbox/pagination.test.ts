// The pagination envelope: limit/page defaults, nextpage null on the last page, error "0".
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

let sb: StartedSandbox;
beforeAll(async () => {
  sb = await startSandbox();
  for (let i = 1; i <= 32; i++) await sb.api('POST', '/url/add', { url: `https://example.com/${i}` });
});
afterAll(() => sb.close());

const page = async (query: string) => (await sb.api('GET', `/urls${query}`)).json;

test('defaults: limit 15, page 1, error is the string "0"', async () => {
  const json = await page('');
  expect(json.error).toBe('0');
  expect(json.data).toMatchObject({ result: 32, perpage: 15, currentpage: 1, nextpage: 2, maxpage: 3 });
  expect(json.data.urls).toHaveLength(15);
  expect(Object.keys(json.data)).toEqual(['result', 'perpage', 'currentpage', 'nextpage', 'maxpage', 'urls']);
});

test('the last page has nextpage null and the remainder', async () => {
  const json = await page('?limit=15&page=3');
  expect(json.data).toMatchObject({ currentpage: 3, nextpage: null, maxpage: 3 });
  expect(json.data.urls).toHaveLength(2);
});

test('limit has no maximum', async () => {
  const json = await page('?limit=1000');
  expect(json.data).toMatchObject({ perpage: 1000, maxpage: 1, nextpage: null });
  expect(json.data.urls).toHaveLength(32);
});

test('pages do not overlap and cover everything', async () => {
  const ids = new Set<number>();
  for (let p = 1; p <= 4; p++) for (const u of (await page(`?limit=10&page=${p}`)).data.urls) ids.add(u.id);
  expect(ids.size).toBe(32);
});

test.each(['abc', '0', '-3', '2.5', ''])('invalid limit %j falls back to 15', async (limit) => {
  expect((await page(`?limit=${limit}`)).data.perpage).toBe(15);
});

test.each(['abc', '0', '-1'])('invalid page %j falls back to 1', async (p) => {
  expect((await page(`?page=${p}`)).data.currentpage).toBe(1);
});

test('a page past the end is empty, not an error', async () => {
  const json = await page('?page=99');
  expect(json.error).toBe('0');
  expect(json.data).toMatchObject({ currentpage: 99, nextpage: null, maxpage: 3, urls: [] });
});

test('an empty collection has maxpage 1', async () => {
  const json = (await sb.api('GET', '/pixels')).json;
  expect(json.data).toEqual({ result: 0, perpage: 15, currentpage: 1, nextpage: null, maxpage: 1, pixels: [] });
});
