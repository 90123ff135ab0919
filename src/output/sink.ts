import type { Writable } from 'node:stream';

/** Writes text and waits when the stream's buffer is full, so a long export holds little memory. */
export function writeText(stream: Writable, text: string | Uint8Array): Promise<void> {
  if (text.length === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const ok = stream.write(text, (err) => {
      if (err) reject(err);
    });
    if (ok) resolve();
    else stream.once('drain', resolve);
  });
}
