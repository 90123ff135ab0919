import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { MAX_SECRET_BYTES, readBounded } from '../../util/read-bounded.js';

/**
 * One secret from stdin (`--with-key`, `--password-stdin`): at most a few KiB, the trailing
 * newline that `echo` adds not part of it. A terminal is refused (it would wait for EOF); a
 * longer input is a mistake (`< /dev/zero`, the wrong file) refused once the cap is passed.
 */
export async function readStdinSecret(ctx: Context, what: string): Promise<string> {
  if (ctx.io.stdinIsTTY) {
    throw new UsageError(
      `expected ${what} on stdin, but stdin is a terminal`,
      `pipe it in, e.g. printf '%s' "$VALUE" | shorty ...`,
    );
  }
  const read = await readBounded(ctx.io.stdin, MAX_SECRET_BYTES, ctx.signal);
  if ('tooLarge' in read) {
    throw new UsageError(
      `the ${what} on stdin is longer than ${MAX_SECRET_BYTES / 1024} KiB: stdin holds something else`,
      'pipe only the value, e.g. printf \'%s\' "$VALUE" | shorty ...',
    );
  }
  const text = read.bytes.toString('utf8').replace(/\r?\n$/, '');
  if (text.trim() === '') throw new UsageError(`no ${what} on stdin`);
  return text;
}
