import type { Context } from '../../context.js';
import { colorEnabled } from '../../io.js';
import { forTerminal, isUtf8Locale } from '../../util/terminal-text.js';
import { thousands } from '../engine/end/progress-lines.js';
import type { SyncKey } from './desired.js';
import { recordName, type Change } from './diff.js';
import { counts, type SyncItem, type SyncPlan } from './plan.js';

/** How plan and result lines look on this output: the arrow, colours, and text made safe to show. */
export interface LineStyle {
  arrow: string;
  add(text: string): string;
  change(text: string): string;
  remove(text: string): string;
  bad(text: string): string;
  /** Text from the file or the server: the run's secrets hidden, control characters shown. */
  safe(text: string): string;
}

export async function lineStyle(ctx: Context): Promise<LineStyle> {
  const plain = (text: string) => text;
  const style: LineStyle = {
    arrow: isUtf8Locale(ctx.env) ? '→' : '->',
    add: plain,
    change: plain,
    remove: plain,
    bad: plain,
    safe: (text) => forTerminal(ctx.secrets.redact(text)),
  };
  if (!colorEnabled(ctx.io, ctx.env, ctx.globals.color)) return style;
  // chalk is loaded only when colour is on.
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return { ...style, add: chalk.green, change: chalk.yellow, remove: chalk.red, bad: chalk.red };
}

/** What stands beside an item's key: the long URL when links are keyed by alias, the alias when by URL. */
function besideKey(item: SyncItem, key: SyncKey): string {
  if (item.op === 'create') return key === 'alias' ? item.body.url : (item.body.custom ?? '');
  if (item.op === 'delete') return key === 'alias' ? item.longurl : item.alias;
  return '';
}

function changeText(change: Change, style: LineStyle): string {
  // A password is never shown, not even the old one a server might list.
  if (change.field === 'password') return 'password: (changed)';
  return `${recordName(change.field)}: ${JSON.stringify(change.from)} ${style.arrow} ${JSON.stringify(change.to)}`;
}

/** `+ spring  https://…`, `~ summer  title: "Old" → "New"`, `- winter  https://…`, like terraform's plan. */
function itemLine(item: SyncItem, key: SyncKey, style: LineStyle): string {
  const marker = { create: style.add('+'), update: style.change('~'), delete: style.remove('-') }[item.op];
  const detail = item.op === 'update' ? item.changes.map((c) => changeText(c, style)).join(', ') : besideKey(item, key);
  return `${marker} ${style.safe(item.key)}${detail ? `  ${style.safe(detail)}` : ''}`;
}

/** The plan as lines for stdout: each write, then each invalid row (`! row 7: why`). */
export function planLines(plan: SyncPlan, key: SyncKey, style: LineStyle): string[] {
  return [
    ...plan.items.map((item) => itemLine(item, key, style)),
    ...plan.invalid.map((r) => `${style.bad('!')} row ${r.row}: ${style.safe(r.error)}`),
  ];
}

const plural = (n: number, one: string, many = `${one}s`) => `${thousands(n)} ${n === 1 ? one : many}`;

/**
 * The totals after the plan (stderr): `Plan: 1 to create, 2 to update, 1 to delete, 996
 * unchanged; 4 writes, about 8 s at 30/min`, with what was left out and why.
 */
export function planTotals(plan: SyncPlan, estimate: string): string {
  const n = counts(plan);
  const parts = [
    `Plan: ${thousands(n.create)} to create, ${thousands(n.update)} to update, ${thousands(n.delete)} to delete, ${thousands(plan.unchanged)} unchanged`,
  ];
  if (plan.invalid.length) parts.push(`${plural(plan.invalid.length, 'invalid row')} (not planned)`);
  if (plan.accountOnly)
    parts.push(`${plural(plan.accountOnly, 'link')} only in the account (left alone; --prune deletes them)`);
  if (plan.withheld) parts.push(`${plural(plan.withheld, 'deletion')} held back until the invalid rows are fixed`);
  if (plan.items.length) parts.push(`${plural(plan.items.length, 'write')}, ${estimate}`);
  return parts.join('; ');
}

/** `read 1,000 links in 2 requests`. */
export function readLine(plan: SyncPlan): string {
  return `read ${plural(plan.read.links, 'link')} in ${plural(plan.read.requests, 'request')}`;
}

/**
 * One warning for fields the file sets on links that exist but that the server's link list does
 * not show: they are set on links sync creates and left as they are on the others.
 */
export function unseenWarning(plan: SyncPlan): string | undefined {
  if (plan.unseen.size === 0) return undefined;
  const fields = [...plan.unseen.keys()].map(recordName).join(', ');
  return (
    `warning: the server's link list does not show ${fields}: sync sets ${plan.unseen.size === 1 ? 'it' : 'them'} on the links it creates ` +
    `and leaves ${plan.unseen.size === 1 ? 'it' : 'them'} as ${plan.unseen.size === 1 ? 'it is' : 'they are'} on links that exist (change those with shorty urls update)`
  );
}
