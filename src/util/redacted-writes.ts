/**
 * Passes every write to `stream` through `redact`, whoever writes: shorty's own lines are already
 * redacted (they pass unchanged), but libraries write to the process's stderr on their own. The
 * `debug` package of the proxy agents and of the Redis client (`DEBUG=*`) prints each request's
 * headers and body (the key, the Proxy-Authorization token, a link password) and Redis's AUTH
 * command; Node's `NODE_DEBUG` prints a request's options. Their text is formatted before it is
 * written, one line per write, so a secret is never split across two writes.
 */
export function redactWrites(stream: NodeJS.WritableStream, redact: (text: string) => string): void {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    const text =
      typeof chunk === 'string'
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8')
          : undefined;
    if (text === undefined) return write(chunk, ...rest);
    const safe = redact(text);
    // Unchanged text goes as it came: bytes stay bytes (a split UTF-8 sequence is not re-encoded).
    if (safe === text) return write(chunk, ...rest);
    if (typeof chunk === 'string') return write(safe, ...rest);
    // Bytes were read as UTF-8, so they go back as UTF-8 (an encoding given with bytes means nothing).
    const callback = rest.find((arg) => typeof arg === 'function');
    return callback ? write(safe, 'utf8', callback) : write(safe, 'utf8');
  }) as typeof stream.write;
}
