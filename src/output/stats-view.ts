// `urls get` and `qr get` on a terminal: a view of one link (its record) or QR code and how it performs
// (like `gh pr view`), not a dump of its fields. Pure: the command passes the response and the
// terminal's width, charset and colours, and writes the string this returns.
import { barChart, CHART_LIMIT, type ChartStyle, formatCount, tallyOf } from './bar-chart.js';
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
  unicode: boolean;
  paint: ViewPaint;
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

/** `short → long`, the long URL cut first so the short one (what people copy) stays whole. */
function addresses(lines: Lines, style: ViewStyle, short: string, long: string): void {
  const sep = ` ${arrow(style)} `;
  if (long === '') return lines.add(short, style.paint.link);
  const room = style.width - cellWidth(short) - cellWidth(sep);
  if (room < 12) {
    lines.add(short, style.paint.link);
    return lines.add(`${arrow(style)} ${long}`, style.paint.dim);
  }
  lines.out.push(style.paint.link(short) + style.paint.dim(sep) + fitCells(long, room, style.unicode ? '…' : '~'));
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

/** Clicks, unique clicks and one chart per breakdown that has data. */
function statistics(lines: Lines, style: ViewStyle, counts: Counts, noun: string): void {
  const clicks = number(counts.clicks);
  const unique = number(counts.unique);
  lines.field(noun, formatCount(clicks), `(${formatCount(unique)} unique)`);
  if (clicks === 0) return;
  const tallies = counts.breakdowns.map(([value, heading]) => [tallyOf(value), heading] as const);
  const labels = tallies.flatMap(([tally]) => tally.slice(0, CHART_LIMIT).map(([name]) => cellWidth(name)));
  const chart: ChartStyle = {
    width: Math.min(style.width, CHART_MAX_WIDTH),
    unicode: style.unicode,
    bar: style.paint.bar,
    dim: style.paint.dim,
    labelWidth: Math.max(0, ...labels),
  };
  for (const [tally, heading] of tallies) {
    const rows = barChart(tally, chart);
    if (rows.length === 0) continue;
    lines.blank();
    lines.add(heading, style.paint.heading);
    lines.out.push(...rows);
  }
}

/** A link record (src/input/link-record.ts, with its statistics) as a view. */
export function renderLinkView(link: Row, style: ViewStyle): string {
  const lines = new Lines(style);
  const title = text(link, 'title');
  if (title) lines.add(title, style.paint.title);
  addresses(lines, style, text(link, 'shorturl'), text(link, 'longurl'));
  const description = text(link, 'description');
  if (description) lines.add(description, style.paint.dim);
  lines.blank();
  linkFacts(lines, style, link);
  const breakdowns = CHARTS.map(([, key, heading]) => [getPath(link, key), heading] as [unknown, string]);
  statistics(lines, style, { clicks: link.clicks, unique: link.uniqueclicks, breakdowns }, 'Clicks');
  return forLocale(`${lines.out.join('\n')}\n`, style);
}

/** GET /qr/:id as a view; `drawing` is the QR code drawn for the terminal, if any. */
export function renderQrView(detail: Row, style: ViewStyle, drawing?: string): string {
  const lines = new Lines(style);
  const details = (getPath(detail, 'details') ?? {}) as Row;
  const name = text(details, 'name');
  if (name) lines.add(name, style.paint.title);
  lines.add(text(details, 'link'), style.paint.link);
  lines.blank();
  lines.field('Created', text(details, 'date') || '-');
  const data = getPath(detail, 'data');
  if (data === undefined) lines.field('Scans', formatCount(number(getPath(details, 'scans'))));
  else {
    const breakdowns = CHARTS.map(([key, , heading]) => [getPath(data, key), heading] as [unknown, string]);
    statistics(
      lines,
      style,
      { clicks: getPath(data, 'clicks'), unique: getPath(data, 'uniqueClicks'), breakdowns },
      'Scans',
    );
  }
  let out = forLocale(`${lines.out.join('\n')}\n`, style);
  if (drawing) out += `\n${drawing.endsWith('\n') ? drawing : `${drawing}\n`}`;
  return out;
}
