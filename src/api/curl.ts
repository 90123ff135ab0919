import type { Settings } from '../settings/types.js';

/**
 * A request as a replayable curl command line, with the key replaced by a shell expression that
 * yields the key in use (see keyExpression), so a debug log can be pasted into a shell or a bug
 * report without leaking the secret.
 */
export function curlLine(
  req: { method: string; url: string; headers?: Record<string, string>; body?: string },
  secret: string | undefined,
  key = '$SHORTY_API_KEY',
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
    // Double quotes so the shell expands the expression; escape what is special inside them.
    return `"${text
      .replace(/[\\"`$]/g, (c) => `\\${c}`)
      .split('\u0000')
      .join(key)}"`;
  };
  const parts = ['curl', '-sS', '-X', req.method, quote(req.url)];
  for (const [name, value] of Object.entries(req.headers ?? {})) {
    if (name === 'user-agent' || name === 'accept') continue;
    parts.push('-H', quote(`${name}: ${value}`));
  }
  if (req.body !== undefined) parts.push('--data-raw', quote(req.body));
  return parts.join(' ');
}

/**
 * Where a pasted curl line finds the key this run used, without the line holding it:
 * - from SHORTY_API_KEY: that variable, as the shell that ran shorty has it;
 * - from a profile: the profile's key, read by `shorty config get api-key --reveal` when the line
 *   runs (the same profile and config folder; the key never passes through the terminal);
 * - from --api-key: SHORTY_API_KEY, which the person sets first; unset, the shell says so and
 *   runs nothing (`${VAR:?message}`), instead of sending a request that gets a 403.
 */
export function keyExpression(
  settings: Pick<Settings, 'origins' | 'profile' | 'configDir' | 'configDirFromEnv'>,
): string {
  const { origin } = settings.origins.apiKey;
  if (origin === 'profile') {
    const dir = settings.configDirFromEnv ? `SHORTY_CONFIG_DIR=${singleQuote(settings.configDir)} ` : '';
    return `$(${dir}shorty config get api-key --reveal --profile ${singleQuote(settings.profile)})`;
  }
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, not a template
  if (origin === 'flag') return '${SHORTY_API_KEY:?set SHORTY_API_KEY to the key given with --api-key}';
  return '$SHORTY_API_KEY';
}

function singleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
