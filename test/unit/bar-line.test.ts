import { describe, expect, test } from 'vitest';
import { barLine } from '../../src/bulk/engine/end/bar-line.js';
import { cellWidth } from '../../src/util/terminal-text.js';

const base = { label: 'importing', value: 40, total: 300, rate: '12/min', left: '24m', unicode: true };
const WAIT = 'waiting 25s (rate limit)';

describe('the progress bar line', () => {
  test('at 80 columns: the bar, the count, the rate, the ETA and the wait on one line that fits', () => {
    const line = barLine({ ...base, columns: 80, note: WAIT });
    expect(line).toMatch(/^importing █+░+ 40\/300 \| 12\/min \| ETA 24m \| waiting 25s \(rate limit\)$/);
    expect(cellWidth(line)).toBeLessThanOrEqual(79);
  });

  test('without a wait the bar takes its full width', () => {
    const line = barLine({ ...base, columns: 120 });
    expect(line).toBe(`importing ${'█'.repeat(5)}${'░'.repeat(35)} 40/300 | 12/min | ETA 24m`);
  });

  test.each([40, 50])('at %i columns the bar goes before the figures are cut', (columns) => {
    const line = barLine({ ...base, columns, note: WAIT });
    expect(cellWidth(line)).toBeLessThanOrEqual(columns - 1);
    expect(line).toMatch(/^importing 40\/300 \| 12\/min \| ETA 24m/);
    expect(line).not.toMatch(/[█░]/);
  });

  test('in an ASCII locale: # and -, and ... for a cut', () => {
    expect(barLine({ ...base, unicode: false, value: 150, columns: 100 })).toMatch(
      /^importing #{20}-{20} 150\/300 \| 12\/min \| ETA 24m$/,
    );
    const cut = barLine({ ...base, unicode: false, columns: 40, note: 'waiting 25 minutes (rate limit)' });
    expect(cut.endsWith('...')).toBe(true);
    expect(cut).toHaveLength(39);
  });
});
