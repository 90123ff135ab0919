import type { Context } from '../../context.js';
import type { Row, View } from '../../output/printer.js';
import { drawQr } from '../qr/terminal.js';

export { withoutError } from '../../output/fields.js';

/**
 * Prints one object; with `qr` the short URL is also drawn as a QR code after it. With -q and a QR
 * the drawing is the whole output, so `shorty urls get 7 --qr -q > code.txt` holds just the code.
 */
export async function printWithQr(ctx: Context, obj: Row, view: View, qr: { draw?: boolean; text?: unknown }): Promise<void> {
  const quietDrawing = qr.draw && ctx.globals.quiet;
  if (!quietDrawing) await (await ctx.printer()).object(obj, view);
  if (qr.draw && typeof qr.text === 'string' && qr.text !== '') await drawQr(ctx, qr.text);
}

/** The short URL of a link detail (`details.shorturl`). */
export function detailShortUrl(detail: Row): unknown {
  const details = detail.details as Row | undefined;
  return details?.shorturl;
}
