// `urls get` and `qr get` on a terminal: a view of one link (its record) or QR code and how it performs
// (like `gh pr view`), not a dump of its fields. Pure: the command passes the response and the
// terminal's width, charset and colours, and writes the string this returns.
import { barChart, CHART_LIMIT, type ChartStyle, formatCount, tallyOf } from './bar-chart.js';
import { fitMiddle } from './column-widths.js';
import { getPath, type Row } from './fields.js';
import { cellWidth, fitCells, padCells, terminalText } from '../util/terminal-text.js';

export interface ViewPaint {
  title: (s: string) => string;
  heading: (s: string) => string;
  link: (s: string) => string;
  bar: (s: string) => string;
  dim: (s: string) => string;
}

export interface ViewStyle {
  width: number;
  /** Lines the view may take (the terminal's height less the line the cursor ends on); none: any. */
  height?: number;
  unicode: boolean;
  paint: ViewPaint;
  /** Redrawn in place (--watch): what does not fit the height is lost, not scrolled to. */
  redraw?: boolean;
}

export const PLAIN: ViewPaint = { title: (s) => s, heading: (s) => s, link: (s) => s, bar: (s) => s, dim: (s) => s };

/** chalk's colours for the view (chalk is loaded only when colour is on). */
export async function viewPaint(color: boolean): Promise<ViewPaint> {
  if (!color) return PLAIN;
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return { title: chalk.bold, heading: chalk.bold, link: chalk.cyan, bar: chalk.cyan, dim: chalk.dim };
}

/** The charts of a QR detail's `data`, and of a link record (src/input/link-record.ts), in order. */
const CHARTS: [qrKey: string, linkKey: string, heading: string][] = [
  ['topCountries', 'countries', 'Top countries'],
  ['topReferrers', 'referrers', 'Top referrers'],
  ['topBrowsers', 'browsers', 'Top browsers'],
  ['topOs', 'os', 'Top operating systems'],
  ['socialCount', 'social', 'Social networks'],
];

/** What the statistics block shows: counts and one breakdown per chart. */
interface Counts {
  clicks: unknown;
  unique: unknown;
  breakdowns: [value: unknown, heading: string][];
}

const LABEL_CELLS = 14;
/** Past this, longer bars only make the counts harder to read across. */
const CHART_MAX_WIDTH = 100;

const text = (row: Row, path: string) => terminalText(getPath(row, path));
const number = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0) || 0);

/** Outside UTF-8 the control pictures the sanitiser shows (U+2400-2421) would print as garbage. */
function forLocale(out: string, style: ViewStyle): string {
  return style.unicode ? out : out.replace(/[\u2400-\u2421]/g, '?');
}

class Lines {
  readonly out: string[] = [];
  constructor(private readonly style: ViewStyle) {}
  private get ellipsis() {
    return this.style.unicode ? '…' : '~';
  }
  /** A line cut to the terminal (text is measured before it is painted). */
  add(plain: string, paint: (s: string) => string = (s) => s): void {
    this.out.push(paint(fitCells(plain, this.style.width, this.ellipsis)));
  }
  blank(): void {
    if (this.out.length > 0 && this.out[this.out.length - 1] !== '') this.out.push('');
  }
  /** `Label         value  note`: the label column is 14 cells; the value is cut to the terminal. */
  field(label: string, value: string, note = ''): void {
    const room = Math.max(1, this.style.width - LABEL_CELLS - (note ? cellWidth(note) + 2 : 0));
    const tail = note ? `  ${this.style.paint.dim(note)}` : '';
    this.out.push(this.style.paint.dim(padCells(label, LABEL_CELLS)) + fitCells(value, room, this.ellipsis) + tail);
  }
}

function arrow(style: ViewStyle): string {
  return style.unicode ? '→' : '->';
}

/** `short → long`, the long URL cut (in its middle) so the short one (what people copy) stays whole. */
function addresses(lines: Lines, style: ViewStyle, short: string, long: string): void {
  const sep = ` ${arrow(style)} `;
  if (long === '') {
    lines.add(short, style.paint.link);
    return;
  }
  const room = style.width - cellWidth(short) - cellWidth(sep);
  if (room < 12) {
    lines.add(short, style.paint.link);
    lines.add(`${arrow(style)} ${long}`, style.paint.dim);
    return;
  }
  lines.out.push(style.paint.link(short) + style.paint.dim(sep) + fitMiddle(long, room, style.unicode ? '…' : '~'));
}

/** `{name: url}` (the detail's shape), or the request's `[{location|device|language, link}]`, as pairs. */
function targetPairs(value: unknown): [unknown, unknown][] {
  if (value === null || typeof value !== 'object') return [];
  if (!Array.isArray(value)) return Object.entries(value);
  return value
    .filter((t): t is Row => t !== null && typeof t === 'object')
    .map((t) => [t.location ?? t.device ?? t.language, t.link]);
}

/** One `Kind  name -> url` line per target; nothing when there are none. */
function targets(lines: Lines, style: ViewStyle, kind: string, value: unknown): void {
  for (const [name, url] of targetPairs(value))
    lines.field(kind, `${terminalText(name)} ${arrow(style)} ${terminalText(url)}`);
}

function yesNo(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return value === true || (typeof value === 'string' && value !== '' && value !== '0') || value === 1 ? 'yes' : 'no';
}

function linkFacts(lines: Lines, style: ViewStyle, link: Row): void {
  lines.field('Created', text(link, 'date') || '-');
  const expiry = getPath(link, 'expiry');
  lines.field('Expires', expiry ? terminalText(expiry) : 'never');
  const password = yesNo(getPath(link, 'password') ?? getPath(link, 'pass'));
  if (password) lines.field('Password', password);
  const type = text(link, 'type');
  if (type) lines.field('Redirect', type);
  targets(lines, style, 'Geo target', getPath(link, 'geotarget'));
  targets(lines, style, 'Device target', getPath(link, 'devicetarget'));
  targets(lines, style, 'Language', getPath(link, 'languagetarget'));
  const deeplink = getPath(link, 'deeplink') ?? getPath(link, 'deeplinks');
  if (deeplink && typeof deeplink === 'object') {
    for (const [store, url] of Object.entries(deeplink))
      if (url) lines.field('Deep link', `${terminalText(store)} ${arrow(style)} ${terminalText(url)}`);
  }
}

/** The totals line, and one chart per breakdown that has data (the tallies, drawn at layout). */
function statistics(style: ViewStyle, counts: Counts, noun: string): { totals: Lines; charts: Chart[] } {
  const totals = new Lines(style);
  const clicks = number(counts.clicks);
  const unique = number(counts.unique);
  totals.field(noun, formatCount(clicks), `(${formatCount(unique)} unique)`);
  if (clicks === 0) return { totals, charts: [] };
  const tallies = counts.breakdowns
    .map(([value, heading]) => ({ tally: tallyOf(value), heading }))
    .filter((c) => c.tally.length > 0);
  const labels = tallies.flatMap(({ tally }) => tally.slice(0, CHART_LIMIT).map(([name]) => cellWidth(name)));
  const chart: ChartStyle = {
    width: Math.min(style.width, CHART_MAX_WIDTH),
    unicode: style.unicode,
    bar: style.paint.bar,
    dim: style.paint.dim,
    labelWidth: Math.max(0, ...labels),
  };
  return {
    totals,
    charts: tallies.map(({ tally, heading }) => ({ heading, draw: (rows) => barChart(tally, chart, rows) })),
  };
}

interface Chart {
  heading: string;
  /** The chart's lines with at most `rows` entries (and a `… and N more` line). */
  draw(rows: number): string[];
}

/** The parts of a view, most needed first: `head` and `totals` are always shown. */
interface Parts {
  head: string[];
  description: string[];
  facts: string[];
  totals: string[];
  charts: Chart[];
}

/**
 * The view's lines in `style.height`: the charts show fewer entries (down to 1), then the last
 * charts go, then the facts, then the description. Title, addresses and totals always stay.
 */
function layout(parts: Parts, style: ViewStyle): string[] {
  const compose = (rows: number, charts: number, facts: boolean, description: boolean) => {
    const lines = new Lines(style);
    lines.out.push(...parts.head, ...(description ? parts.description : []));
    lines.blank();
    if (facts) lines.out.push(...parts.facts);
    lines.out.push(...parts.totals);
    for (const chart of parts.charts.slice(0, charts)) {
      lines.blank();
      lines.add(chart.heading, style.paint.heading);
      lines.out.push(...chart.draw(rows));
    }
    return lines.out;
  };
  const all = parts.charts.length;
  const full = compose(CHART_LIMIT, all, true, true);
  const height = style.height;
  if (height === undefined || full.length <= height) return full;
  const tries: [number, number, boolean, boolean][] = [];
  for (let rows = CHART_LIMIT - 1; rows >= 1; rows--) tries.push([rows, all, true, true]);
  for (let charts = all - 1; charts >= 0; charts--) tries.push([1, charts, true, true]);
  tries.push([1, 0, false, true], [1, 0, false, false]);
  for (const [rows, charts, facts, description] of tries) {
    const lines = compose(rows, charts, facts, description);
    if (lines.length <= height) return lines;
  }
  return compose(1, 0, false, false);
}

/** A link record (src/input/link-record.ts, with its statistics) as a view. */
export function renderLinkView(link: Row, style: ViewStyle): string {
  const head = new Lines(style);
  const title = text(link, 'title');
  if (title) head.add(title, style.paint.title);
  addresses(head, style, text(link, 'shorturl'), text(link, 'longurl'));
  const description = new Lines(style);
  const about = text(link, 'description');
  if (about) description.add(about, style.paint.dim);
  const facts = new Lines(style);
  linkFacts(facts, style, link);
  const breakdowns = CHARTS.map(([, key, heading]) => [getPath(link, key), heading] as [unknown, string]);
  const { totals, charts } = statistics(
    style,
    { clicks: link.clicks, unique: link.uniqueclicks, breakdowns },
    'Clicks',
  );
  const lines = layout(
    { head: head.out, description: description.out, facts: facts.out, totals: totals.out, charts },
    style,
  );
  return forLocale(`${lines.join('\n')}\n`, style);
}

/**
 * GET /qr/:id as a view; `drawing` is the QR code drawn for the terminal, if any. It follows the
 * view when the view is printed once (it is what `qr get` on a terminal is for); redrawn by
 * --watch, only when it fits the height.
 */
export function renderQrView(detail: Row, style: ViewStyle, drawing?: string): string {
  const head = new Lines(style);
  const details = (getPath(detail, 'details') ?? {}) as Row;
  const name = text(details, 'name');
  if (name) head.add(name, style.paint.title);
  head.add(text(details, 'link'), style.paint.link);
  const facts = new Lines(style);
  facts.field('Created', text(details, 'date') || '-');
  const data = getPath(detail, 'data');
  let parts: Parts;
  if (data === undefined) {
    const totals = new Lines(style);
    totals.field('Scans', formatCount(number(getPath(details, 'scans'))));
    parts = { head: head.out, description: [], facts: facts.out, totals: totals.out, charts: [] };
  } else {
    const breakdowns = CHARTS.map(([key, , heading]) => [getPath(data, key), heading] as [unknown, string]);
    const counts = { clicks: getPath(data, 'clicks'), unique: getPath(data, 'uniqueClicks'), breakdowns };
    const { totals, charts } = statistics(style, counts, 'Scans');
    parts = { head: head.out, description: [], facts: facts.out, totals: totals.out, charts };
  }
  const art = drawing ? (drawing.endsWith('\n') ? drawing : `${drawing}\n`) : undefined;
  const artLines = art ? art.split('\n').length : 0;
  const room = style.height === undefined ? undefined : style.height - artLines;
  const keepArt =
    art !== undefined &&
    (!style.redraw || (room !== undefined && layout(parts, { ...style, height: room }).length <= room));
  const lines = layout(parts, keepArt && style.redraw ? { ...style, height: room } : style);
  let out = forLocale(`${lines.join('\n')}\n`, style);
  if (keepArt) out += `\n${art}`;
  return out;
}
