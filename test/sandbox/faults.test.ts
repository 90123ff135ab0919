// Injected faults (POST /__sandbox/faults) for testing how clients cope with broken servers.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

let sb: StartedSandbox;
beforeEach(async () => {
  sb = await startSandbox();
});
afterEach(() => sb.close());

test('html500 for one request, then normal service', async () => {
  await sb.admin.fault('html500', { count: 1 });
  const broken = await sb.api('GET', '/account');
  expect(broken.status).toBe(500);
  expect(broken.headers.get('content-type')).toMatch(/text\/html/);
  expect((await sb.api('GET', '/account')).json.error).toBe(0);
});

test('html404 and empty answers', async () => {
  await sb.admin.fault('html404', { count: 1 });
  const notFound = await sb.api('GET', '/account');
  expect(notFound.status).toBe(404);
  expect(notFound.text).toMatch(/<html>/);
  await sb.admin.fault('empty', { count: 1 });
  const empty = await sb.api('GET', '/account');
  expect(empty.status).toBe(200);
  expect(empty.text).toBe('');
});

test('html500 does not process the request', async () => {
  await sb.admin.fault('html500', { count: 1 });
  await sb.api('POST', '/url/add', { url: 'https://example.com' });
  expect((await sb.admin.stats()).links).toBe(0);
});

test('truncated: half a JSON body, the request itself was processed', async () => {
  await sb.admin.fault('truncated', { count: 1 });
  const res = await sb.api('POST', '/url/add', { url: 'https://example.com/truncated' });
  expect(res.status).toBe(200);
  expect(res.json).toBeUndefined();
  expect(res.text.startsWith('{"error":0')).toBe(true);
  expect((await sb.admin.stats()).links).toBe(1);
});

test('reset: the connection drops mid-response after the work was done', async () => {
  await sb.admin.fault('reset', { count: 1 });
  await expect(sb.api('POST', '/url/add', { url: 'https://example.com/reset' })).rejects.toThrow();
  expect((await sb.admin.stats()).links).toBe(1);
  expect((await sb.api('GET', '/account')).json.error).toBe(0);
});

test('slow: answered after delayMs', async () => {
  await sb.admin.fault('slow', { count: 1, delayMs: 300 });
  const started = Date.now();
  const res = await sb.api('GET', '/account');
  expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  expect(res.json.error).toBe(0);
});

test('without count the fault lasts until cleared; faulted requests are logged with the flag', async () => {
  const setting = await sb.admin.fault('html500');
  expect(setting).toMatchObject({ mode: 'html500', remaining: null });
  for (let i = 0; i < 3; i++) expect((await sb.api('GET', '/account')).status).toBe(500);
  await sb.admin.fault(null);
  expect((await sb.api('GET', '/account')).status).toBe(200);
  const log = await sb.admin.requests();
  expect(log.map((e) => e.fault ?? null)).toEqual(['html500', 'html500', 'html500', null]);
  expect((await sb.admin.stats()).faulted).toBe(3);
});

test('faults apply to /api only: admin routes and redirects keep working', async () => {
  await sb.api('POST', '/url/add', { url: 'https://example.com/r', custom: 'still' });
  await sb.admin.fault('html500');
  expect((await fetch(`${sb.baseUrl}/still`, { redirect: 'manual' })).status).toBe(302);
  expect((await sb.admin.stats()).links).toBe(1);
});
