// Progress of an import whose stderr is a log, not a terminal (CI, `2> file`): plain lines now
// and then. Waits for the rate limit run on a simulated clock, so minutes pass in no real time.
import { describe, expect, test } from 'vitest';
import { runInProcess, simulatedClock } from '../helpers/in-process.js';
import { useSandboxCli } from '../helpers/sandbox-cli.js';

const { env } = useSandboxCli({ rateLimit: '100000/60s' });
const urls = Array.from({ length: 20 }, (_, i) => `https://example.com/p${i}`).join('\n');

function importAt(rateLimit: string, flags: string[] = []) {
  return runInProcess(['urls', 'import', '-', '-o', 'ndjson', '--rate-limit', rateLimit, ...flags], {
    env,
    input: urls,
    ...simulatedClock(),
  });
}

describe('urls import progress without a terminal', () => {
  test('a long import prints a progress line now and then, between the waits', async () => {
    // 20 rows at 1 per 10 s: about 3 minutes
    const res = await importAt('1/10s');
    expect(res.exitCode, res.stderr).toBe(0);
    const lines = res.stderr.split('\n').filter((line) => line.startsWith('imported '));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const line of lines) expect(line).toMatch(/^imported \d+\/20 \(\d+ %\), about (\d+s|\dm( \d\ds)?) left$/);
    expect(lines[0]).toMatch(/^imported [3-5]\/20/);
    expect(res.stderr).toContain('waiting 10s for the rate limit…');
    // the summary, not a 20/20 line, ends it
    expect(res.stderr).not.toContain('imported 20/20');
    expect(res.stderr.trimEnd().split('\n').at(-1)).toMatch(/^20 ok in 3m( \d\ds)?$/);
  });

  test('-q prints no progress', async () => {
    const res = await importAt('1/10s', ['-q']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout.trim().split('\n')).toHaveLength(20);
    expect(res.stderr).not.toContain('imported');
  });
});
