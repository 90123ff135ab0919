/**
 * A request as a replayable curl command line, with the key replaced by `$SHORTY_API_KEY`
 * (in the Authorization header and in legacy paths), so a debug log can be pasted into a bug
 * report or a shell without leaking the secret.
 */
export function curlLine(
  req: { method: string; url: string; headers?: Record<string, string>; body?: string },
  secret: string | undefined,
): string {
  const hide = (text: string) => {
    if (!secret) return { text, hidden: false };
    const forms = [...new Set([secret, encodeURIComponent(secret)])];
    let hidden = false;
    for (const form of forms) {
      if (text.includes(form)) {
        hidden = true;
        text = text.split(form).join('\u0000');
      }
    }
    return { text, hidden };
  };
  const quote = (value: string) => {
    const { text, hidden } = hide(value);
    if (!hidden) return singleQuote(text);
    // Double quotes so the shell expands the variable; escape what is special inside them.
    return `"${text
      .replace(/[\\"`$]/g, (c) => `\\${c}`)
      .split('\u0000')
      .join('$SHORTY_API_KEY')}"`;
  };
  const parts = ['curl', '-sS', '-X', req.method, quote(req.url)];
  for (const [name, value] of Object.entries(req.headers ?? {})) {
    if (name === 'user-agent' || name === 'accept') continue;
    parts.push('-H', quote(`${name}: ${value}`));
  }
  if (req.body !== undefined) parts.push('--data-raw', quote(req.body));
  return parts.join(' ');
}

function singleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
