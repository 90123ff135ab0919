import { UsageError } from '../../errors.js';
import { parseId } from '../../input/validate.js';
import type { View } from '../../output/printer.js';

/** A QR code is named by its id: the API has no lookup for QR codes (README, "References"). */
export function parseQrId(text: string): number {
  try {
    return parseId(text, 'QR code id');
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    throw new UsageError(err.message, 'the API finds QR codes by id only: see `shorty qr list`');
  }
}

/** How QR codes are shown, declared once for every `qr` verb. -q prints the id. */

export const QR_LIST_VIEW: View = { columns: ['id', 'name', 'link', 'scans', 'date'], fields: ['id', 'link', 'scans', 'name', 'date'] };

/** GET /qr/:id: `{details, data}`, the id lives in `details`. */
export const QR_DETAIL_VIEW: View = {
  columns: ['details.id', 'details.name', 'details.link', 'details.scans', 'details.date', 'data.clicks', 'data.uniqueClicks'],
  quiet: 'details.id',
  fields: ['details.id', 'details.link', 'details.scans', 'details.name', 'details.date', 'data'],
};

/** POST /qr/add: `{id, link}`. */
export const QR_CREATED_VIEW: View = { columns: ['id', 'link'], fields: ['id', 'link'] };
