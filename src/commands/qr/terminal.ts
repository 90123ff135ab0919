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
 * Draws a QR code on stdout: asked for with --qr/--show, it is data, so it is printed even when
 * stdout is not a terminal. It follows the normal output; with -q it is the only output.
 */
export async function drawQr(ctx: Context, text: string): Promise<void> {
  await writeText(ctx.io.stdout, await renderQr(text));
}
