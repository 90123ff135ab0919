import { describe, expect, it } from 'vitest';
import { progressLines, thousands } from '../../src/bulk/engine/end/progress-lines.js';
import type { RowStatus } from '../../src/bulk/engine/pace/timing.js';
import { startImportProgress } from '../../src/bulk/engine/end/progress.js';
import type { Context } from '../../src/context.js';
import { createTestIO } from '../../src/io.js';
import { formatDuration } from '../../src/util/duration.js';

/** Feeds `statuses` to a writer, each row taking `stepMs` of the clock; returns the lines written. */
function run(total: number, toSend: number, rows: { status: RowStatus; ms: number }[]): string[] {
  let t = 1_700_000_000_000;
  const lines: string[] = [];
  const progress = progressLines({ total, toSend, now: () => t, write: (line) => lines.push(line) });
  for (const { status, ms } of rows) {
    t += ms;
    progress.tick(status);
  }
  return lines;
}

const rows = (count: number, status: RowStatus, ms: number) => Array.from({ length: count }, () => ({ status, ms }));

describe('progress lines for a log', () => {
  it('prints each tenth once 30 s have passed, and never the last row (the summary follows)', () => {
    expect(run(100, 100, rows(100, 'ok', 1000))).toEqual([
      'imported 30/100 (30 %), about 1m 10s left\n',
      'imported 40/100 (40 %), about 1m left\n',
      'imported 50/100 (50 %), about 50s left\n',
      'imported 60/100 (60 %), about 40s left\n',
      'imported 70/100 (70 %), about 30s left\n',
      'imported 80/100 (80 %), about 20s left\n',
      'imported 90/100 (90 %), about 10s left\n',
    ]);
  });

  it('says nothing for a run shorter than 30 s', () => {
    expect(run(20, 20, rows(20, 'ok', 1000))).toEqual([]);
  });

  it('prints every 30 s between the tenths, with failures and the time left at the pace of sent rows', () => {
    // 10 invalid rows cost nothing; then a row every 2 s, the first 3 failing.
    const lines = run(4000, 3990, [...rows(10, 'invalid', 0), ...rows(3, 'error', 2000), ...rows(3987, 'ok', 2000)]);
    expect(lines.slice(0, 3)).toEqual([
      'imported 25/4,000 (0 %), 10 invalid, 3 errors, about 2h 12m left\n',
      'imported 40/4,000 (1 %), 10 invalid, 3 errors, about 2h 12m left\n',
      'imported 55/4,000 (1 %), 10 invalid, 3 errors, about 2h 11m left\n',
    ]);
    expect(lines).toContain('imported 400/4,000 (10 %), 10 invalid, 3 errors, about 2h left\n');
    // a line every 30 s of a 2 h 13 min run, plus the tenths that fall between them
    expect(lines.length).toBeGreaterThan(260);
    expect(lines.length).toBeLessThan(280);
  });

  it('judges the time left by the rows sent: rows found in the journal cost none', () => {
    const lines = run(100, 50, [...rows(50, 'skipped', 0), ...rows(50, 'ok', 1000)]);
    expect(lines).toEqual(['imported 80/100 (80 %), about 20s left\n', 'imported 90/100 (90 %), about 10s left\n']);
  });

  it('leaves the time out while no row has been sent', () => {
    const lines = run(100, 50, [...rows(50, 'skipped', 1000), ...rows(50, 'ok', 1000)]);
    expect(lines[0]).toBe('imported 30/100 (30 %)\n');
  });

  it('writes numbers and times for people', () => {
    expect([thousands(7), thousands(1200), thousands(4_000_000)]).toEqual(['7', '1,200', '4,000,000']);
    expect([
      formatDuration(400, { whole: true }),
      formatDuration(40_400, { whole: true }),
      formatDuration(725_000, { whole: true }),
      formatDuration(5_580_000, { whole: true }),
    ]).toEqual(['0s', '40s', '12m 05s', '1h 33m']);
  });

  it("follows the limiter's budget when it is known, not a pace a wait has distorted", () => {
    let t = 1_700_000_000_000;
    const lines: string[] = [];
    // The first 10 rows waited 5 minutes for the rate limit; the budget now lets the rest go in 40 s.
    const finish = t + 5 * 60_000 + 40_000;
    const progress = progressLines({
      total: 100,
      toSend: 100,
      now: () => t,
      write: (l) => lines.push(l),
      finishAt: () => finish,
    });
    t += 5 * 60_000;
    for (let i = 0; i < 10; i++) progress.tick('ok');
    t += 1000;
    for (let i = 0; i < 10; i++) progress.tick('ok');
    expect(lines).toContain('imported 10/100 (10 %), about 40s left\n');
    expect(lines).toContain('imported 20/100 (20 %), about 39s left\n');
    // The pace of those 20 rows would have said: about 26 min.
  });
});

describe('the time left of a running import', () => {
  it('is read from the budget in the background, for the writes still to send', async () => {
    const io = await createTestIO();
    let t = 1_700_000_000_000;
    const asked: number[] = [];
    const ctx = { io, globals: {}, now: () => t } as unknown as Context;
    const progress = await startImportProgress(ctx, { rows: 100, toSend: 100 }, async (writes) => {
      asked.push(writes);
      return t + writes * 500;
    });
    await new Promise((r) => setImmediate(r));
    t += 60_000;
    for (let i = 0; i < 9; i++) progress.tick('ok');
    await new Promise((r) => setImmediate(r));
    progress.tick('ok');
    // Read at the start and every 2 s at most as rows finish: for the writes left then.
    expect(asked).toEqual([100, 99]);
    expect(io.err()).toContain('imported 10/100 (10 %), about 50s left\n');
  });
});
