import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

/** All of stdin as text (for `--with-key`, `--password-stdin`); refuses a terminal, which would hang. */
async function readStdinText(ctx: Context, what: string): Promise<string> {
  if (ctx.io.stdinIsTTY) {
    throw new UsageError(
      `expected ${what} on stdin, but stdin is a terminal`,
      `pipe it in, e.g. printf '%s' "$VALUE" | shorty ...`,
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** One secret line from stdin: the trailing newline that `echo` adds is not part of it. */
export async function readStdinSecret(ctx: Context, what: string): Promise<string> {
  const text = (await readStdinText(ctx, what)).replace(/\r?\n$/, '');
  if (text.trim() === '') throw new UsageError(`no ${what} on stdin`);
  return text;
}
