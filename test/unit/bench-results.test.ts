// The benchmarks keep what they print in bench/results/<name>.md, which the performance notes link:
// the figures there are a run's own output, with the command and the machine it ran on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
// @ts-expect-error: a JavaScript module of the benchmarks, without types
import { recordResults, textTable } from '../../bench/lib.mjs';
import { tempDir } from '../helpers/cli.js';

afterEach(() => vi.restoreAllMocks());

it('writes the lines a benchmark printed, under the command and the machine', () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const dir = tempDir();
  const out = recordResults('sync', dir);
  out.log('links 40, changed 2');
  out.log('apply', 3, 'requests');
  out.save();
  const text = readFileSync(join(dir, 'sync.md'), 'utf8');
  expect(text).toMatch(/^# sync\n\nWritten by `node bench\/sync\.mjs.*` on \d{4}-\d\d-\d\d: Node v\d+/);
  expect(text).toContain('```text\nlinks 40, changed 2\napply 3 requests\n```\n');
});

it('lays rows out as aligned columns', () => {
  expect(
    textTable([
      { scenario: 'redis', wall: '9.65 s' },
      { scenario: 'a state file', wall: '13.44 s' },
    ]),
  ).toBe('scenario      wall\nredis         9.65 s\na state file  13.44 s');
});
