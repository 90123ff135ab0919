import { brandedDomain, LINK_FIELDS, LINK_SETTING_FIELDS, linkRecord, mergedRecord } from '../../input/link-record.js';
import type { Row } from '../../output/fields.js';
import { cellsFromJson } from '../engine/read/rows.js';

/** What a link's detail adds that a list item lacks and a create can set: read back by import. */
const DETAIL_COLUMNS = ['geotarget', 'devicetarget', 'languagetarget'] as const;

type LinkItem = Record<string, unknown>;

export { brandedDomain };

/**
 * The link's own fields (src/input/link-record.ts), the columns every export starts with. `urls
 * import` reads alias, longurl, title (as metatitle), description (as metadescription), domain and
 * expiry back, and ignores the others.
 */
export const EXPORT_COLUMNS: string[] = [...LINK_FIELDS];

/**
 * The columns of an export: the link's fields, then the settable fields the first page carries
 * (with --details, the targets a detail shows, always).
 */
export function exportColumns(firstPage: LinkItem[], details = false): string[] {
  const settings = LINK_SETTING_FIELDS.filter(
    (c) =>
      (details && (DETAIL_COLUMNS as readonly string[]).includes(c)) || firstPage.some((item) => item[c] !== undefined),
  );
  return [...EXPORT_COLUMNS, ...settings];
}

/** A value as the row carries it: null when the link has none (an empty cell in csv and tsv). */
const text = (value: unknown): string | number | null =>
  typeof value === 'number' || typeof value === 'string' ? value : null;

/** A link as an export row, in the columns given (values in their import syntax); its detail's fields over the item's. */
export function exportRow(item: LinkItem, columns: string[], baseUrl?: string, detail?: LinkItem): Row {
  const listed = linkRecord(item, { baseUrl });
  const record = detail ? mergedRecord(listed, linkRecord(detail, { baseUrl })) : listed;
  const extras = cellsFromJson(
    Object.fromEntries(LINK_SETTING_FIELDS.filter((c) => columns.includes(c)).map((c) => [c, record[c]])),
  );
  const row: Row = {};
  for (const column of columns) row[column] = column in extras ? extras[column] : text(record[column]);
  return row;
}
