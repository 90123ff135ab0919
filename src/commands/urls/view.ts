import { LINK_DETAIL_FIELDS, LINK_RECORD_FIELDS } from '../../input/link-record.js';
import type { View } from '../../output/printer.js';

/**
 * How links are shown, declared once for every `urls` verb: each prints the same flat link record
 * (src/input/link-record.ts), in every format; -q prints the short URL (the id for update).
 */

/** A row of `urls list`. */
export const LINK_LIST_VIEW: View = {
  columns: ['id', 'alias', 'shorturl', 'longurl', 'clicks', 'date'],
  quiet: 'shorturl',
  fields: LINK_RECORD_FIELDS,
  // The keys of a list item as the spec's servers send them (v6 adds a few after these).
  header: ['id', 'alias', 'shorturl', 'longurl', 'title', 'description', 'clicks', 'domain', 'date'],
  // The alias is in the short URL; the short and long URLs are what a list of links is for.
  spare: ['alias', 'date', 'clicks', 'id', 'longurl'],
};

/** `urls get` and `urls lookup`: the link and how it performs. */
export const LINK_DETAIL_VIEW: View = {
  columns: ['id', 'alias', 'shorturl', 'longurl', 'title', 'clicks', 'uniqueclicks', 'expiry', 'date'],
  quiet: 'shorturl',
  fields: LINK_DETAIL_FIELDS,
};

/** `urls add`: the link created. */
export const LINK_CREATED_VIEW: View = {
  columns: ['id', 'alias', 'shorturl', 'longurl'],
  quiet: 'shorturl',
  fields: LINK_RECORD_FIELDS,
};

/** `urls update`: the link changed; -q prints the id, as for every other write. */
export const LINK_UPDATED_VIEW: View = {
  columns: ['id', 'alias', 'shorturl', 'longurl'],
  quiet: 'id',
  fields: LINK_RECORD_FIELDS,
};
