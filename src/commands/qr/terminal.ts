import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { writeText } from '../../output/sink.js';

/** The one rule of every drawing (`urls add|get --qr`, `qr add --show`), said the same way wherever it is offered. */
export const DRAWING_RULE =
  'after a table on stdout; on stderr when stdout carries json, ndjson, csv or tsv; with -q the drawing alone; ' +
  'when the answer has nothing to draw, a warning says so and the output is as without the drawing';

export const QR_OPTION_HELP = `also draw the short URL as a QR code: ${DRAWING_RULE}`;

/** A drawing is printed once and --watch redraws: the two are refused together rather than one ignored. */
export function checkQrWithWatch(qr: boolean | undefined, watch: unknown): void {
  if (qr && watch !== undefined)
    throw new UsageError(
      "--qr and --watch can't be used together",
      'draw the QR code once with --qr, or watch the link without it',
    );
}

/** The text drawn as a QR code with half-block characters (qrcode-terminal's small mode). */
export async function renderQr(text: string): Promise<string> {
  const { default: qrcode } = await import('qrcode-terminal');
  return new Promise((resolve) => {
    qrcode.generate(text, { small: true }, (drawing) => resolve(drawing.endsWith('\n') ? drawing : `${drawing}\n`));
  });
}

/**
 * Draws a QR code (--qr/--show). It follows a table on stdout, and with -q it is the whole output
 * (`--qr -q > code.txt`). When stdout carries json, ndjson, csv or tsv the drawing goes to stderr,
 * so the data stays parseable.
 */
async function drawQr(ctx: Context, text: string): Promise<void> {
  const printer = await ctx.printer();
  const toStdout = printer.quiet || printer.format === 'table';
  await writeText(toStdout ? ctx.io.stdout : ctx.io.stderr, await renderQr(text));
}

/**
 * Prints what was made (`print`) and draws `text` after it: with -q the drawing is the whole
 * output. An answer without the text to draw is printed as without a drawing, with one warning
 * (`missing`) and exit 0: the link or code was made, only its picture is missing, and an error
 * would read as if it had not been.
 */
export async function printAndDraw(
  ctx: Context,
  print: () => Promise<void>,
  text: unknown,
  missing: string,
): Promise<void> {
  const drawable = typeof text === 'string' && text !== '';
  if (!(drawable && ctx.globals.quiet)) await print();
  if (drawable) await drawQr(ctx, text);
  else await nothingDrawn(ctx, missing);
}

/** The one line of a drawing asked for that the answer left nothing to draw for (see printAndDraw). */
export async function nothingDrawn(ctx: Context, missing: string): Promise<void> {
  await writeText(ctx.io.stderr, `warning: nothing drawn: ${missing}\n`);
}
