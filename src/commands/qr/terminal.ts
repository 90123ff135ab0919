import type { Context } from '../../context.js';
import { writeText } from '../../output/sink.js';

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
export async function drawQr(ctx: Context, text: string): Promise<void> {
  const printer = await ctx.printer();
  const toStdout = printer.quiet || printer.format === 'table';
  await writeText(toStdout ? ctx.io.stdout : ctx.io.stderr, await renderQr(text));
}
