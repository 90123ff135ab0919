import { LINK_STATS_FIELDS } from '../../input/link-record.js';
import type { View } from '../../output/printer.js';

/** How QR codes are shown, declared once for every `qr` verb. -q prints the id. */

export const QR_LIST_VIEW: View = {
  columns: ['id', 'name', 'link', 'scans', 'date'],
  fields: ['id', 'link', 'scans', 'name', 'date'],
};

/** The QR code's fields (as in `qr list`), then its scans: clicks, uniqueclicks and where they came from. */
export const QR_DETAIL_FIELDS: readonly string[] = [
  ...(QR_LIST_VIEW.fields ?? []),
  'clicks',
  'uniqueclicks',
  ...LINK_STATS_FIELDS,
];

/** `qr get`: one flat record, named as `qr list` names a QR code and `urls get` names statistics. */
export const QR_DETAIL_VIEW: View = {
  columns: ['id', 'name', 'link', 'scans', 'date', 'clicks', 'uniqueclicks'],
  quiet: 'id',
  fields: QR_DETAIL_FIELDS,
};

/** POST /qr/add: `{id, link}`. */
export const QR_CREATED_VIEW: View = { columns: ['id', 'link'], fields: ['id', 'link'] };
