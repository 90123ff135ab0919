import type { LinkBody } from '../api/types.js';
import { buildLinkBody, type FieldNames, type RawLink } from './link-build.js';
import { parseDeeplinkJson } from './link-fields.js';

/** The CSV columns `urls import` understands, named after the link body's fields. */
export const LINK_COLUMNS = [
  'url', 'custom', 'type', 'password', 'domain', 'expiry', 'geotarget', 'devicetarget', 'languagetarget',
  'metatitle', 'metadescription', 'metaimage', 'pixels', 'channel', 'deeplink', 'parameters',
] as const;
export type LinkColumn = (typeof LINK_COLUMNS)[number];

/** Other header names people (and `urls export`) use; the canonical column wins when both are filled. */
export const COLUMN_ALIASES: Readonly<Record<string, LinkColumn>> = {
  longurl: 'url',
  long_url: 'url',
  alias: 'custom',
};

const COLUMN_NAMES = Object.fromEntries(LINK_COLUMNS.map((c) => [c, c])) as FieldNames;

/** Cell text by canonical column: headers compared case-insensitively, empty cells are absent. */
function cellsByColumn(row: Record<string, string>): Partial<Record<LinkColumn, string>> {
  const cells: Partial<Record<LinkColumn, string>> = {};
  const aliased: Partial<Record<LinkColumn, string>> = {};
  for (const [header, value] of Object.entries(row)) {
    const key = header.trim().toLowerCase();
    const cell = typeof value === 'string' ? value.trim() : '';
    if (cell === '') continue;
    if ((LINK_COLUMNS as readonly string[]).includes(key)) cells[key as LinkColumn] = cell;
    else if (COLUMN_ALIASES[key] && aliased[COLUMN_ALIASES[key]] === undefined) aliased[COLUMN_ALIASES[key]] = cell;
  }
  return { ...aliased, ...cells };
}

/** `a;b;c` -> ['a','b','c'], blanks dropped. */
function splitList(cell: string | undefined): string[] {
  if (cell === undefined) return [];
  return cell.split(';').map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * Maps one `urls import` CSV row onto the link body with the same checks as the flags.
 * Unknown columns are ignored; the error message names the column.
 */
export function linkBodyFromRow(row: Record<string, string>): LinkBody {
  const c = cellsByColumn(row);
  const raw: RawLink = {
    url: c.url, custom: c.custom, type: c.type, password: c.password, domain: c.domain, expiry: c.expiry,
    geotarget: splitList(c.geotarget), devicetarget: splitList(c.devicetarget),
    languagetarget: splitList(c.languagetarget), metatitle: c.metatitle, metadescription: c.metadescription,
    metaimage: c.metaimage, pixels: splitList(c.pixels), channel: c.channel,
    deeplink: c.deeplink === undefined ? undefined : parseDeeplinkJson(c.deeplink, 'deeplink'),
    parameters: splitList(c.parameters),
  };
  return buildLinkBody(raw, { requireUrl: true, creating: true, names: COLUMN_NAMES }) as LinkBody;
}

const pairs = (list: { link: string }[] | undefined, key: string) =>
  list?.map((t) => `${(t as unknown as Record<string, string>)[key]}=${t.link}`).join(';');

/** The inverse of linkBodyFromRow: a row with every LINK_COLUMNS key ('' when absent). */
export function linkBodyToRow(body: Partial<LinkBody>): Record<LinkColumn, string> {
  const values: Record<LinkColumn, string | undefined> = {
    url: body.url, custom: body.custom, type: body.type, password: body.password, domain: body.domain,
    expiry: body.expiry, geotarget: pairs(body.geotarget, 'location'), devicetarget: pairs(body.devicetarget, 'device'),
    languagetarget: pairs(body.languagetarget, 'language'), metatitle: body.metatitle,
    metadescription: body.metadescription, metaimage: body.metaimage, pixels: body.pixels?.join(';'),
    channel: body.channel === undefined ? undefined : String(body.channel),
    deeplink: body.deeplink && Object.keys(body.deeplink).length ? JSON.stringify(body.deeplink) : undefined,
    parameters: body.parameters?.map((p) => `${p.name}=${p.value}`).join(';'),
  };
  return Object.fromEntries(LINK_COLUMNS.map((c) => [c, values[c] ?? ''])) as Record<LinkColumn, string>;
}
