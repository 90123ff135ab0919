import type { Context } from '../../context.js';
import type { Row, View } from '../../output/printer.js';
import { printAndDraw } from '../qr/terminal.js';

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
