import { cellWidth, fitCells } from '../../../util/terminal-text.js';

/** What the progress bar's one line says. */
export interface BarLine {
  label: string;
  value: number;
  total: number;
  /** `12/min`, or `-` before the first minute's figure. */
  rate: string;
  /** The time left, or `-` when unknown. */
  left: string;
  /** A passing note (the rate-limit countdown), shown after the figures. */
  note?: string;
  /** The terminal's width. */
  columns: number;
  /** Block characters (a UTF-8 locale), else `#` and `-`. */
  unicode: boolean;
}

/** The widest bar; below the narrowest, there is no bar and the figures keep the room. */
const BAR_MAX = 40;
const BAR_MIN = 8;

/**
 * The bar's line: `importing ████░░░░ 40/300 | 12/min | ETA 10m | waiting 25s (rate limit)`.
 * It fits the terminal's width less one cell (a write into the last cell makes some terminals
 * wrap): the bar narrows first, then goes, then the end of the line is cut. Count, ETA and the
 * wait share the one line, so the countdown never hides the progress.
 */
export function barLine(line: BarLine): string {
  const width = Math.max(1, line.columns - 1);
  const facts = `${line.value}/${line.total} | ${line.rate} | ETA ${line.left}${line.note ? ` | ${line.note}` : ''}`;
  const room = width - cellWidth(line.label) - cellWidth(facts) - 2;
  const size = Math.min(BAR_MAX, room);
  const parts =
    size >= BAR_MIN ? [line.label, drawBar(line.value / Math.max(1, line.total), size, line.unicode)] : [line.label];
  return fitCells(`${parts.join(' ')} ${facts}`, width, line.unicode ? '…' : '...');
}

function drawBar(progress: number, size: number, unicode: boolean): string {
  const done = Math.round(Math.min(1, Math.max(0, progress)) * size);
  return (unicode ? '█' : '#').repeat(done) + (unicode ? '░' : '-').repeat(size - done);
}
