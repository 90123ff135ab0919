// A link field's value in whatever shape shorty or a server prints it, as the one cell syntax
// `urls import` reads (`KEY=URL;KEY=URL`, `1;2`, JSON for deeplink). Records carry objects where
// the API has them: a create's targets are lists of {location, link}, a detail's are maps of
// location -> URL (what `urls get` prints), a v6 list's channel is a list; csv and tsv print the
// same objects as compact JSON in a cell. Every one of them reads back here.
import type { LinkColumn } from './link-columns.js';

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const scalar = (value: Json): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The key each list-of-pairs field names its first part with in the link body. */
const PAIR_KEYS: Partial<Record<LinkColumn, string>> = {
  geotarget: 'location',
  devicetarget: 'device',
  languagetarget: 'language',
  parameters: 'name',
};

/** `[{location, link}]`, `{US: url}` or `['US=url']` -> `US=url;...`. */
function pairsCell(value: Json, key: string): string {
  const second = key === 'name' ? 'value' : 'link';
  if (isObject(value))
    return Object.entries(value)
      .map(([name, to]) => `${name}=${scalar(to)}`)
      .join(';');
  if (!Array.isArray(value)) return scalar(value);
  return value
    .map((item) => (isObject(item) ? `${scalar(item[key])}=${scalar(item[second])}` : scalar(item)))
    .join(';');
}

/** `[1, 2]`, `[{id: 1}]`, `3`, `{id: 3}` -> `1;2`, `3`. */
function idsCell(value: Json): string {
  const id = (item: Json) => (isObject(item) ? scalar(item.id) : scalar(item));
  return Array.isArray(value)
    ? value
        .map(id)
        .filter((s) => s !== '')
        .join(';')
    : id(value);
}

/** A link field's value, in any shape a record or an answer gives it, in the column syntax of `urls import`. */
export function linkCellFromJson(field: LinkColumn, value: Json): string {
  if (value === null || value === undefined) return '';
  const pairKey = PAIR_KEYS[field];
  if (pairKey) return pairsCell(value, pairKey);
  if (field === 'pixels' || field === 'channel') return idsCell(value);
  if (field === 'deeplink') return isObject(value) && Object.keys(value).length === 0 ? '' : scalar(value);
  return Array.isArray(value) ? value.map(scalar).join(';') : scalar(value);
}

/** Fields whose cell may hold the compact JSON a csv or tsv of shorty's records prints for an object. */
const JSON_CELL_FIELDS: readonly LinkColumn[] = [...(Object.keys(PAIR_KEYS) as LinkColumn[]), 'pixels', 'channel'];

/**
 * A cell of a csv or tsv: the compact JSON shorty prints for an object-valued field (`{"US":"https://…"}`)
 * becomes its column syntax; anything else is kept for the field's own check.
 */
export function linkCellFromText(field: LinkColumn, cell: string): string {
  if (!JSON_CELL_FIELDS.includes(field) || !/^[[{]/.test(cell)) return cell;
  try {
    return linkCellFromJson(field, JSON.parse(cell));
  } catch {
    return cell;
  }
}
