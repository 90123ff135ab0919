/**
 * A URL as it may be shown: its user name and password, whatever they are, as `***`
 * (`redis://***:***@host:6379/0`, `http://***@proxy:3128`). Done on the text, not through URL, so
 * that a value URL can't parse is masked too: everything after `://` up to the last `@` counts as
 * credentials, a password with an unescaped `/` or `@` included.
 */
export function maskUrlCredentials(value: string): string {
  const text = value.trim();
  const start = text.indexOf('://') + 3;
  const at = text.lastIndexOf('@');
  if (start < 3 || at < start) return text;
  return `${text.slice(0, start)}${text.slice(start, at).includes(':') ? '***:***' : '***'}${text.slice(at)}`;
}
