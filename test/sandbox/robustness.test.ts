// Bad input never crashes the sandbox: malformed JSON, wrong types, huge bodies, garbage
// bytes, unknown routes. Plus the admin request log.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

let sb: StartedSandbox;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const stillServing = async () => expect((await sb.api('GET', '/account')).json.error).toBe(0);

describe('bad bodies', () => {
  test('malformed JSON -> HTTP 200 error body', async () => {
    const res = await sb.api('POST', '/url/add', '{"url": "https://example.com",');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ error: 1, message: 'Malformed JSON body.' });
    await stillServing();
  });

  test.each(['[1,2]', '"text"', '42', 'null'])('a JSON body that is not an object (%s) -> error body', async (body) => {
    expect((await sb.api('POST', '/channel/add', body)).json).toEqual({
      error: 1,
      message: 'The request body must be a JSON object.',
    });
  });

  test('wrong types get a message naming the field', async () => {
    expect((await sb.api('POST', '/channel/add', { name: ['a', 'b'] })).json).toEqual({
      error: 1,
      message: 'Invalid value for "name": expected a string.',
    });
    expect((await sb.api('POST', '/campaign/add', { public: 'sometimes' })).json.message).toBe(
      'Invalid value for "public": expected a boolean.',
    );
    expect(
      (await sb.api('POST', '/url/add', { url: 'https://example.com', parameters: [{ name: 1 }] })).json.error,
    ).toBe(1);
  });

  test('an empty body on a write is an empty object', async () => {
    const res = await fetch(`${sb.baseUrl}/api/campaign/add`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sb.apiKey}` },
    });
    expect(((await res.json()) as { error: unknown }).error).toBe(0);
  });

  test('a body over 1 MiB -> HTTP 413 with an error body, and the server keeps serving', async () => {
    const huge = JSON.stringify({ url: 'https://example.com', metadescription: 'x'.repeat(2 * 1024 * 1024) });
    const res = await sb.api('POST', '/url/add', huge);
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: 1, message: 'Request body is too large (limit 1048576 bytes).' });
    await stillServing();
  });

  test('garbage bytes on the socket get a 400 and do not stop the server', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(sb.baseUrl).port), '127.0.0.1', () =>
        socket.write('NOT HTTP AT ALL\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('close', () => resolve(data));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    await stillServing();
  });
});

describe('unknown routes', () => {
  test.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api'],
    ['GET', '/api/url/1/extra'],
    ['POST', '/api/v2/whatever'],
  ])('%s %s -> HTML 404 naming the path', async (method, path) => {
    const res = await fetch(`${sb.baseUrl}${path}`, { method, headers: { Authorization: `Bearer ${sb.apiKey}` } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain(path);
  });

  test('a wrong method -> HTML 405 with Allow', async () => {
    const res = await fetch(`${sb.baseUrl}/api/account/update`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sb.apiKey}` },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('PUT');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  test('unknown routes answer 404 even without a key, like servers that route before auth', async () => {
    expect((await fetch(`${sb.baseUrl}/api/nothing-here`)).status).toBe(404);
  });
});

describe('admin request log', () => {
  test('records method, path, query, parsed body, status and time; reset clears it', async () => {
    await sb.admin.reset();
    await sb.api('POST', '/url/add', { url: 'https://example.com/logged' });
    await sb.api('GET', '/urls?limit=2&order=click');
    await fetch(`${sb.baseUrl}/api/account`);
    const log = await sb.admin.requests();
    expect(log).toHaveLength(3);
    expect(log[0]).toMatchObject({
      method: 'POST',
      path: '/api/url/add',
      query: {},
      body: { url: 'https://example.com/logged' },
      status: 200,
      api: 'modern',
      authorized: true,
    });
    expect(log[1]).toMatchObject({
      method: 'GET',
      path: '/api/urls',
      query: { limit: '2', order: 'click' },
      body: null,
    });
    expect(log[2]).toMatchObject({ status: 403, authorized: false });
    expect(new Date(log[0].time).getTime()).not.toBeNaN();
    expect(await sb.admin.stats()).toMatchObject({
      requests: 3,
      rejected: 0,
      unauthorized: 1,
      links: expect.any(Number),
    });
    await sb.admin.reset();
    expect(await sb.admin.requests()).toEqual([]);
    expect((await sb.admin.stats()).requests).toBe(0);
  });

  test('reset with data reseeds the store', async () => {
    await sb.api('POST', '/url/add', { url: 'https://example.com/wiped' });
    await sb.admin.reset({ data: true });
    expect((await sb.admin.stats()).links).toBe(0);
    expect((await sb.api('GET', '/overlay')).json.data.result).toBe(3);
  });

  test('bad admin input is refused with 400', async () => {
    const res = await fetch(`${sb.baseUrl}/__sandbox/faults`, { method: 'POST', body: '{"mode":"explode"}' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/mode must be one of/);
  });
});
