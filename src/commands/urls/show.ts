import type { Context } from '../../context.js';
import { linkRecord, type RecordOptions } from '../../input/link-record.js';
import type { Row, View } from '../../output/printer.js';
import { printAndDraw } from '../qr/terminal.js';

export { withoutError } from '../../output/fields.js';

/** Any link answer as the flat link record, `domain` read against the configured base URL. */
export async function recordOf(ctx: Context, answer: Row, sent?: RecordOptions['sent']): Promise<Row> {
  const { baseUrl } = await ctx.settings();
  return linkRecord(answer, { baseUrl, sent });
}

/**
 * Prints one link; with `draw` its short URL is also drawn as a QR code after it (on stderr when
 * stdout carries json, ndjson, csv or tsv: see drawQr). With -q and a QR the drawing is the whole
 * output, so `shorty urls get 7 --qr -q > code.txt` holds just the code.
 */
export async function printWithQr(ctx: Context, record: Row, view: View, draw?: boolean): Promise<void> {
  const print = async () => (await ctx.printer()).object(record, view);
  if (!draw) return print();
  await printAndDraw(ctx, print, record.shorturl, NO_SHORT_URL);
}

export const NO_SHORT_URL = 'the server returned no short URL for the link';
