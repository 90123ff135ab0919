// Horizontal bar charts for click statistics: label, a bar scaled to the largest count, the
// count and its share of the total. Pure: the caller passes the width, charset and colours.
import { cellWidth, fitCells, padCells, terminalText } from '../util/terminal-text.js';

export interface ChartStyle {
  /** Terminal cells a line may take. */
  width: number;
  /** Block characters with eighth steps; `#` otherwise. */
  unicode: boolean;
  /** Colours the bar; identity when colour is off. */
  bar: (text: string) => string;
  /** Dims the share; identity when colour is off. */
  dim: (text: string) => string;
  /** Label column width, so that several charts line up; default: the longest label shown. */
  labelWidth?: number;
}

export type Tally = [name: string, count: number][];

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
const INDENT = '  ';
/** The longest label kept whole; longer ones are cut so the bars keep room. */
const LABEL_MAX = 28;
const BAR_MIN = 4;

/** A `top*` value of a detail (an object name -> count, counts maybe strings; 0 when empty) as sorted pairs. */
export function tallyOf(value: unknown): Tally {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const pairs: Tally = [];
  for (const [name, raw] of Object.entries(value)) {
    const count = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
    if (Number.isFinite(count) && count > 0) pairs.push([terminalText(name) || '(none)', count]);
  }
  return pairs.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function bar(count: number, max: number, cells: number, unicode: boolean): string {
  if (!unicode) return '#'.repeat(Math.max(1, Math.round((count / max) * cells)));
  const eighths = Math.max(1, Math.round((count / max) * cells * 8));
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

function share(count: number, total: number): string {
  const pct = (count / total) * 100;
  return pct > 0 && pct < 1 ? '<1%' : `${Math.round(pct)}%`;
}

export const CHART_LIMIT = 8;

/** One line per entry, the first `limit` of them, then `… and N more` when some were left out. */
export function barChart(tally: Tally, style: ChartStyle, limit = CHART_LIMIT): string[] {
  if (tally.length === 0) return [];
  const shown = tally.slice(0, limit);
  const total = tally.reduce((sum, [, n]) => sum + n, 0);
  const max = shown[0][1];
  const counts = shown.map(([, n]) => formatCount(n));
  const countWidth = Math.max(...counts.map((c) => c.length));
  const shareWidth = 4; // `100%`
  const fixed = INDENT.length + 2 + 1 + countWidth + 2 + shareWidth;
  const labelRoom = Math.max(6, Math.min(LABEL_MAX, style.width - fixed - BAR_MIN));
  const labelWidth = Math.min(labelRoom, style.labelWidth ?? Math.max(...shown.map(([name]) => cellWidth(name))));
  const barCells = Math.max(BAR_MIN, style.width - fixed - labelWidth);
  const ellipsis = style.unicode ? '…' : '~';
  const lines = shown.map(([name, count], i) => {
    const label = padCells(fitCells(name, labelWidth, ellipsis), labelWidth);
    const drawn = bar(count, max, barCells, style.unicode);
    const gap = ' '.repeat(barCells - cellWidth(drawn) + 1);
    return `${INDENT}${label}  ${style.bar(drawn)}${gap}${counts[i].padStart(countWidth)}  ${style.dim(share(count, total).padStart(shareWidth))}`;
  });
  const rest = tally.length - shown.length;
  if (rest > 0) lines.push(style.dim(`${INDENT}${style.unicode ? '…' : '...'} and ${rest} more`));
  return lines;
}
