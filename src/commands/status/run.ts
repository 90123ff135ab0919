import { findScopeDir } from '../../cache/scope-ids.js';
import { readMeta, summarize } from '../../cache/store.js';
import type { Context } from '../../context.js';
import { AuthError, NetworkError, RefusalError, ShortyError } from '../../errors.js';
import type { View } from '../../output/printer.js';
import { requireApiKey, requireBaseUrl } from '../../settings/base-url.js';
import { maskKey } from '../../settings/keys.js';
import { configFilePath } from '../../settings/paths.js';
import { formatRateLimit } from '../../settings/rate-limit-spec.js';
import type { SettingOrigin, Settings } from '../../settings/types.js';
import { forTerminalLines } from '../../util/terminal-text.js';
import { STATUS_FIELDS } from './fields.js';

const VIEW: View = { columns: [...STATUS_FIELDS], quiet: 'profile', fields: STATUS_FIELDS };

/**
 * `rejected`: the key is wrong. A refusal (RefusalError.refusal: `account_inactive`,
 * `no_api_access`, `api_disabled`, `endpoint_not_allowed`) is the account or the server saying no to a
 * key that may be right: a new key would not help, so it is not called rejected. `unreachable`
 * (no answer) and `failed` (another error) leave the key unproven; `skipped`: no check was tried.
 */
type KeyCheck = 'ok' | 'rejected' | 'unreachable' | 'failed' | 'skipped' | (string & {});

interface Status {
  profile: string;
  profile_source: string;
  config_file: string;
  base_url: string | null;
  base_url_source: string | null;
  api_key: string | null;
  api_key_source: string | null;
  rate_limit: string;
  rate_limit_source: string;
  key_check: KeyCheck;
  /** The server's words when it refused the key or the account; why a check failed. */
  key_check_message: string | null;
  account: string | null;
  /** The names completion can offer: those of this profile, base URL and key. */
  name_cache_names: number;
  name_cache_bytes: number;
  /** ISO time of the cache's last write, or null when there is none. */
  name_cache_updated: string | null;
}

/**
 * Prints the settings, then fails the way any command would with them: a missing base URL or key,
 * a key the service refuses, a service out of reach. The block comes first so the person sees
 * what was used; the error line (stderr) and exit code say what is wrong.
 */
export async function showStatus(ctx: Context, flags: { offline?: boolean }): Promise<void> {
  const settings = await ctx.settings();
  const status = describe(settings);
  let problem: unknown;
  let tried = false;
  try {
    requireBaseUrl(settings);
    requireApiKey(settings);
    if (!flags.offline) {
      tried = true;
      const res = await (await ctx.api()).call<{ data?: { email?: string; username?: string } }>('GET', '/account');
      status.key_check = 'ok';
      status.account = res.data?.email || res.data?.username || null;
    }
  } catch (err) {
    if (!(err instanceof ShortyError)) throw err;
    // Exit 3 with a key set: the server answered no, to the key or to the account; anything
    // else (no key, no answer) left it unproven.
    if (err instanceof AuthError && settings.apiKey) {
      status.key_check = err instanceof RefusalError ? err.refusal : 'rejected';
      status.key_check_message = err.serverMessage ?? null;
    } else if (tried) {
      status.key_check = err instanceof NetworkError ? 'unreachable' : 'failed';
      status.key_check_message = err.message;
    }
    problem = err;
  }
  await print(ctx, status);
  if (problem) throw problem;
}

function describe(settings: Settings): Status {
  const { origins } = settings;
  return {
    profile: settings.profile,
    profile_source: origins.profile.origin,
    config_file: configFilePath(settings.configDir),
    base_url: settings.baseUrl ?? null,
    base_url_source: settings.baseUrl ? origins.baseUrl.origin : null,
    // Masked like `config list`: enough to tell keys apart, never enough to use one.
    api_key: settings.apiKey ? maskKey(settings.apiKey) : null,
    api_key_source: settings.apiKey ? (origins.apiKey.store ?? origins.apiKey.origin) : null,
    rate_limit: formatRateLimit(settings.rateLimit),
    rate_limit_source: origins.rateLimit.origin,
    key_check: 'skipped',
    key_check_message: null,
    account: null,
    ...nameCache(settings),
  };
}

/** The profile's name cache, when it holds the names of this base URL and key (no request). */
function nameCache(settings: Settings): Pick<Status, 'name_cache_names' | 'name_cache_bytes' | 'name_cache_updated'> {
  const none = { name_cache_names: 0, name_cache_bytes: 0, name_cache_updated: null };
  if (!settings.baseUrl || !settings.apiKey) return none;
  const scope = { profile: settings.profile, baseUrl: settings.baseUrl, apiKey: settings.apiKey };
  const dir = findScopeDir(settings.configDir, scope);
  const meta = dir ? readMeta(dir) : undefined;
  if (!dir || !meta) return none;
  const summary = summarize(dir, meta);
  return { name_cache_names: summary.total, name_cache_bytes: summary.bytes, name_cache_updated: summary.updated };
}

/** `3 minutes ago`: how old the cache is, roughly. */
function age(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  const [n, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.floor(seconds / 60), 'minute']
        : seconds < 86400
          ? [Math.floor(seconds / 3600), 'hour']
          : [Math.floor(seconds / 86400), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

function describeCache(status: Status, now: number): string {
  if (!status.name_cache_updated) return 'empty (commands that read names fill it; or: shorty cache refresh)';
  const kb = Math.max(1, Math.round(status.name_cache_bytes / 1024));
  const names = `${status.name_cache_names.toLocaleString('en-US')} name${status.name_cache_names === 1 ? '' : 's'}`;
  return `${names}, ${kb} kB, updated ${age(status.name_cache_updated, now)}`;
}

async function print(ctx: Context, status: Status): Promise<void> {
  const printer = await ctx.printer();
  if (printer.format !== 'table' || printer.quiet || ctx.globals.fields) return printer.object({ ...status }, VIEW);
  const settings = await ctx.settings();
  const from = (origin: SettingOrigin) => (origin.via ? `from ${origin.via}` : origin.origin);
  const unset = (hint: string) => `not set (${hint})`;
  const said = status.key_check_message ? `: ${status.key_check_message}` : '';
  const key: Record<string, string> = {
    ok: `works${status.account ? `: ${status.account}` : ''}`,
    rejected: `rejected by the service${said}`,
    unreachable: `not checked, the service could not be reached${said}`,
    failed: `not checked, the check failed${said}`,
    skipped: 'not checked',
  };
  // A refusal in words: `account inactive: Please activate your account.`
  const refusal = `${status.key_check.replaceAll('_', ' ').replace(/\bapi\b/, 'API')}${said}`;
  const lines: [string, string][] = [
    ['Profile', `${status.profile} (${from(settings.origins.profile)})`],
    ['Config file', status.config_file],
    [
      'Base URL',
      status.base_url
        ? `${status.base_url} (${from(settings.origins.baseUrl)})`
        : unset('shorty login, or SHORTY_BASE_URL'),
    ],
    [
      'API key',
      status.api_key
        ? `${status.api_key} (${from(settings.origins.apiKey)})`
        : unset('shorty login, or SHORTY_API_KEY'),
    ],
    ['Rate limit', `${status.rate_limit} (${from(settings.origins.rateLimit)})`],
    ['Key check', key[status.key_check] ?? refusal],
    ['Name cache', describeCache(status, ctx.now())],
  ];
  const width = Math.max(...lines.map(([label]) => label.length));
  const text = lines.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n');
  ctx.io.stdout.write(`${forTerminalLines(ctx.secrets.redact(text))}\n`);
}
