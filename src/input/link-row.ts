import type { LinkBody } from '../api/types.js';
import { buildLinkBody, type FieldNames, type RawLink } from './link-build.js';
import { LINK_COLUMNS, planColumns, type ColumnPlan, type LinkColumn } from './link-columns.js';
import { linkCellFromText } from './link-cells.js';
import { parseDeeplinkJson } from './link-fields.js';

export { LINK_COLUMNS, type LinkColumn } from './link-columns.js';

const COLUMN_NAMES = Object.fromEntries(LINK_COLUMNS.map((c) => [c, c])) as FieldNames;

/** Cell text by field, read through the plan; empty cells are absent. */
function cellsByField(row: Record<string, string>, plan: ColumnPlan): Partial<Record<LinkColumn, string>> {
  const cells: Partial<Record<LinkColumn, string>> = {};
  for (const [header, field] of plan.fields) {
    const value = row[header];
    const cell = typeof value === 'string' ? linkCellFromText(field, value.trim()) : '';
    if (cell !== '') cells[field] = cell;
  }
  return cells;
}

/** `a;b;c` -> ['a','b','c'], blanks dropped. */
function splitList(cell: string | undefined): string[] {
  if (cell === undefined) return [];
  return cell
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * Maps one `urls import` row onto the link body with the same checks as the flags, reading the
 * columns the plan names (by default: the row's own names, synonyms included); an error names the
 * column as the input wrote it.
 */
export function linkBodyFromRow(
  row: Record<string, string>,
  plan: ColumnPlan = planColumns(Object.keys(row)),
): LinkBody {
  const c = cellsByField(row, plan);
  const names: FieldNames = {
    ...COLUMN_NAMES,
    ...Object.fromEntries(plan.fields.map(([header, field]) => [field, header])),
  };
  const raw: RawLink = {
    url: c.url,
    custom: c.custom,
    type: c.type,
    password: c.password,
    domain: c.domain,
    expiry: c.expiry,
    geotarget: splitList(c.geotarget),
    devicetarget: splitList(c.devicetarget),
    languagetarget: splitList(c.languagetarget),
    metatitle: c.metatitle,
    metadescription: c.metadescription,
    metaimage: c.metaimage,
    pixels: splitList(c.pixels),
    channel: c.channel,
    deeplink: c.deeplink === undefined ? undefined : parseDeeplinkJson(c.deeplink, names.deeplink),
    parameters: splitList(c.parameters),
  };
  return buildLinkBody(raw, { requireUrl: true, creating: true, names }) as LinkBody;
}

const pairs = (list: { link: string }[] | undefined, key: string) =>
  list?.map((t) => `${(t as unknown as Record<string, string>)[key]}=${t.link}`).join(';');

/** The inverse of linkBodyFromRow: a row with every LINK_COLUMNS key ('' when absent). */
export function linkBodyToRow(body: Partial<LinkBody>): Record<LinkColumn, string> {
  const values: Record<LinkColumn, string | undefined> = {
    url: body.url,
    custom: body.custom,
    type: body.type,
    password: body.password,
    domain: body.domain,
    expiry: body.expiry,
    geotarget: pairs(body.geotarget, 'location'),
    devicetarget: pairs(body.devicetarget, 'device'),
    languagetarget: pairs(body.languagetarget, 'language'),
    metatitle: body.metatitle,
    metadescription: body.metadescription,
    metaimage: body.metaimage,
    pixels: body.pixels?.join(';'),
    channel: body.channel === undefined ? undefined : String(body.channel),
    deeplink: body.deeplink && Object.keys(body.deeplink).length ? JSON.stringify(body.deeplink) : undefined,
    parameters: body.parameters?.map((p) => `${p.name}=${p.value}`).join(';'),
  };
  return Object.fromEntries(LINK_COLUMNS.map((c) => [c, values[c] ?? ''])) as Record<LinkColumn, string>;
}
