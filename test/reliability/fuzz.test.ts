// Fuzzing the command line: main() runs in-process on thousands of random argument vectors built
// from the real command tree plus junk tokens, against an in-process sandbox. Whatever the vector,
// main() must resolve (never throw), with an exit code from the contract's table, and must never
// fall into the "unexpected error" branch or print a stack trace: every failure is a typed one.
//
// Reproduce a failure with the seed it prints: SHORTY_FUZZ_SEED=<seed> npx vitest run test/reliability/fuzz.test.ts
// Explore more: SHORTY_FUZZ_RUNS=20000 SHORTY_FUZZ_SEED=$RANDOM ...
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildProgram, main } from '../../src/cli.js';
import type { Host } from '../../src/context.js';
import { createContext } from '../../src/factory.js';
import { createTestIO } from '../../src/io.js';
import { tempDir } from '../helpers/cli.js';
import { commandSpecs, prng, VectorBuilder } from '../helpers/fuzz.js';
import { startSandbox, type StartedSandbox } from '../helpers/sandbox.js';

const SEED = Number(process.env.SHORTY_FUZZ_SEED ?? 20261121);
// `npm test` runs a thousand; `npm run test:long` twenty thousand.
const RUNS = Number(process.env.SHORTY_FUZZ_RUNS ?? 1000);
const EXIT_CODES = new Set([0, 1, 2, 3, 4, 5, 130]);
/** A vector that runs longer than this is a hang (every wait in here is simulated). */
const HANG_MS = 60_000;

let sandbox: StartedSandbox;
let work: string;
let previousCwd: string;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: '1000000/60s' });
  work = tempDir('shorty-fuzz-');
  // --journal, --failed-out and junk file names land here, not in the repository.
  previousCwd = process.cwd();
  process.chdir(work);
  mkdirSync(join(work, 'config'));
  writeFileSync(join(work, 'links.csv'), 'url,custom\nhttps://example.com/a,fuzz-a\nnot a url,\n');
  writeFileSync(join(work, 'logo.png'), 'not really a png');
  // Some links to get, update and delete.
  for (let i = 0; i < 5; i++) await sandbox.api('POST', '/url/add', { url: `https://example.com/seed/${i}` });
});
afterAll(async () => {
  process.chdir(previousCwd);
  await sandbox?.close();
});

function pools(baseUrl: string) {
  return {
    id: ['1', '2', '3', '5', '999', '0', '-1', 'abc', '1e3', '1.5', '9'.repeat(30), ''],
    url: [
      'https://example.com/a',
      'http://127.0.0.1/x',
      'example.com',
      'ftp://x.example',
      'javascript:alert(1)',
      `${baseUrl}/abc`,
      'https://',
      'logo.png',
      'rgb(1,2,3)',
      '{"a":1}',
      '[]',
    ],
    number: [
      '1',
      '0.5',
      '2',
      '0',
      '-1',
      'abc',
      '1e308',
      '3000000',
      '0.0001',
      '5/1s',
      '1/60s',
      '30/60s',
      '0/1s',
      'NaN',
      'Infinity',
    ],
    text: [
      'x',
      'ab',
      'news',
      'links',
      'qr',
      'bio',
      'GET',
      'POST',
      '/urls',
      '/url/1',
      '/nope',
      'json',
      'csv',
      'default',
      'work',
      'base-url',
      'timeout',
      'api-key',
      'links.csv',
      'logo.png',
      '-',
      'a=b',
      'Canada=https://a.ca',
      '#1e90ff',
      'rgb(0,0,0)',
      '2030-01-01',
      '2026-02-30 10:00:00',
      'id,shorturl',
      'details.longurl',
    ],
    junk: [
      '--',
      '-',
      '--bogus',
      '-Z',
      '',
      ' ',
      '=',
      '--limit=abc',
      '--=',
      '-o',
      '--fields',
      '%s%n',
      '\u0000',
      '💥',
      'ü',
      '\\',
      '"',
      "'",
      '$(id)',
      '../..',
      'x'.repeat(5000),
      'help',
      '--help',
      '-h',
      '-V',
      '--version',
      '--debug',
      '--json',
      '-q',
      '-y',
      '--no-color',
      '--insecure',
      '--all',
      '--qr',
      '--xml',
      '--dry-run',
      'null',
      'undefined',
      '{}',
      '__proto__',
      'constructor',
    ],
  };
}

/** A host whose sleeps are simulated (backoffs and rate-limit waits pass at once) with a clock that follows them. */
function fuzzHost(env: Record<string, string>, io: Host['io'], signal: AbortSignal): Host {
  let skipped = 0;
  return {
    io,
    env,
    now: () => Date.now() + skipped,
    sleep: async (ms, s) => {
      if (s?.aborted) throw s.reason;
      skipped += Math.max(0, ms);
    },
    signal,
  };
}

test(`main() survives ${RUNS} random command lines (seed ${SEED})`, async () => {
  const random = prng(SEED);
  const tree = buildProgram(createContext(fuzzHost({}, await createTestIO(), new AbortController().signal)));
  const specs = commandSpecs(tree, ['sandbox']);
  const builder = new VectorBuilder(random, specs, [...tree.options], pools(sandbox.baseUrl));
  const env = {
    SHORTY_BASE_URL: sandbox.baseUrl,
    SHORTY_API_KEY: sandbox.apiKey,
    SHORTY_CONFIG_DIR: join(work, 'config'),
    SHORTY_RATE_LIMIT: '100000/1s',
    SHORTY_TIMEOUT: '2',
  };
  const seen = new Map<number, number>();
  for (let run = 0; run < RUNS; run++) {
    const argv = builder.build();
    const io = await createTestIO({ stdin: '' });
    const controller = new AbortController();
    const hang = setTimeout(() => controller.abort(new Error('hang')), HANG_MS);
    let code: number;
    const replay = `seed ${SEED}, run ${run}: shorty ${JSON.stringify(argv)}`;
    try {
      code = await main(argv, fuzzHost(env, io, controller.signal));
    } catch (err) {
      throw new Error(`main() threw (${(err as Error).stack}) for ${replay}`);
    } finally {
      clearTimeout(hang);
    }
    const stderr = io.err();
    const context = `${replay}\nexit ${code}\nstderr: ${stderr.slice(0, 2000)}`;
    expect(controller.signal.aborted, `did not finish in ${HANG_MS / 1000}s: ${context}`).toBe(false);
    expect(EXIT_CODES.has(code), `exit code outside the contract: ${context}`).toBe(true);
    expect(stderr, `an untyped error escaped: ${context}`).not.toMatch(/unexpected error/);
    if (!argv.includes('--debug')) expect(stderr, `a stack trace: ${context}`).not.toMatch(/^\s+at .+:\d+/m);
    if (code !== 0) expect(stderr.trim(), `a silent failure: ${context}`).not.toBe('');
    seen.set(code, (seen.get(code) ?? 0) + 1);
  }
  // The vectors must reach past the parser: successes, usage errors and API answers all occur.
  expect([...seen.keys()]).toEqual(expect.arrayContaining([0, 1, 2]));
  console.log(
    `fuzz seed ${SEED}: exit codes ${JSON.stringify(Object.fromEntries([...seen].sort((a, b) => a[0] - b[0])))}`,
  );
});
