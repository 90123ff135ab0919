/**
 * The largest body shorty sends or reads, a request's or an answer's: a page of 500 links is far
 * less. Past it, a misconfigured proxy, an endless body or /dev/zero is cut off before it fills
 * the memory.
 */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Reads a stream whole, up to `maxBytes`: past that it stops reading (and closes the stream), so
 * an endless source (/dev/zero, a runaway pipe) costs a moment, never the memory.
 */
export async function readBounded(
  stream: AsyncIterable<Buffer | string>,
  maxBytes: number,
): Promise<{ bytes: Buffer } | { tooLarge: true }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > maxBytes) return { tooLarge: true };
    chunks.push(bytes);
  }
  return { bytes: Buffer.concat(chunks) };
}
