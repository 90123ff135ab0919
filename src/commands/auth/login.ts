import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { canPrompt } from '../../io.js';
import { parseBaseUrl } from '../../settings/base-url.js';
import { KEYRING_REF } from '../../settings/keyring.js';
import { configDir } from '../../settings/paths.js';
import { pickSetting } from '../../settings/resolve.js';
import { openStore, profileOf, readConfig, selectProfile } from '../../settings/store.js';
import { action, examples, type RunF } from '../shared/action.js';
import { readStdinSecret } from '../shared/stdin.js';

interface Credentials {
  baseUrl: string;
  apiKey: string;
}

/** What run() takes: the flags as the parser fills them. @public */
export interface LoginOptions {
  withKey?: boolean;
  keyring?: boolean;
}

export function register(login: Command, ctx: Context, runF: RunF<LoginOptions> = run): void {
  login
    .option('--with-key', 'read the API key from stdin instead of prompting (for CI)')
    .option('--keyring', 'keep the API key in the OS keyring instead of the config file (which then names the entry)')
    .action(action(ctx, (flags: LoginOptions) => runF(flags, ctx)));
  examples(
    login,
    'shorty login',
    'shorty login --profile work',
    'shorty login --keyring',
    'printf %s "$SHORTY_KEY" | shorty login --base-url https://sho.rt --with-key',
  );
}

/**
 * @public the verb's seam: parsed options and a context, no parser. Asks for (or reads) the
 * credentials, proves them with GET /account, then saves them.
 */
export async function run(flags: LoginOptions, ctx: Context): Promise<void> {
  const dir = configDir(ctx.env);
  const data = readConfig(dir, ctx.io.stderr);
  // Logging in to a profile that does not exist yet creates it.
  const profile = selectProfile(ctx.globals.profile, ctx.env.SHORTY_PROFILE, data, { check: false }).name;
  // Before the key is asked for and checked: a config folder that can't be written fails first.
  const store = await openStore(dir);
  // So is a keyring that can't be reached: nothing is asked, checked or saved.
  const keyring = flags.keyring ? await import('../../settings/keyring.js') : undefined;
  await keyring?.checkKeyring(profile);
  const known = pickSetting('base-url', ctx.globals.baseUrl, ctx.env, profileOf(data, profile) ?? {}, profile);
  const knownBaseUrl = known?.[0].trim();
  const creds = flags.withKey ? await fromStdin(ctx, knownBaseUrl) : await fromPrompts(ctx, knownBaseUrl);

  // The check goes through the normal client (limiter, timeout, --insecure rule) with these values.
  const api = await ctx.apiWith({ baseUrl: creds.baseUrl, apiKey: creds.apiKey, createsProfile: true });
  const account = await api.call<{ data?: { email?: string; username?: string } }>('GET', '/account');

  await keyring?.saveKeyringKey(profile, creds.apiKey);
  await store.update((config) => {
    const { 'api-key': _key, [KEYRING_REF]: _ref, ...rest } = config.profiles[profile] ?? {};
    config.profiles[profile] = keyring
      ? { ...rest, 'base-url': creds.baseUrl, [KEYRING_REF]: profile }
      : { ...rest, 'base-url': creds.baseUrl, 'api-key': creds.apiKey };
  });
  // Moved back to the file: the keyring's copy goes (the file holds the key now).
  const oldRef = profileOf(data, profile)?.[KEYRING_REF];
  if (!keyring && oldRef) await forgetKeyringCopy(ctx, oldRef);
  const who = account.data?.email || account.data?.username || 'your account';
  await (await ctx.printer()).message({
    message: `logged in to ${creds.baseUrl} as ${who} (profile "${profile}")`,
    profile,
    base_url: creds.baseUrl,
    email: account.data?.email,
  });
}

async function fromStdin(ctx: Context, knownBaseUrl: string | undefined): Promise<Credentials> {
  if (!knownBaseUrl) {
    throw new UsageError('--with-key needs a base URL', 'pass --base-url URL (or set SHORTY_BASE_URL)');
  }
  const baseUrl = parseBaseUrl(knownBaseUrl);
  const apiKey = (await readStdinSecret(ctx, 'API key')).trim();
  return { baseUrl, apiKey };
}

async function fromPrompts(ctx: Context, knownBaseUrl: string | undefined): Promise<Credentials> {
  if (!canPrompt(ctx.io)) {
    throw new UsageError(
      'cannot prompt for the API key: not running in a terminal',
      'pipe the key in: printf "%s" "$KEY" | shorty login --base-url URL --with-key',
    );
  }
  const prompter = await ctx.prompter();
  const answer = await prompter.input('Base URL of the service', {
    default: knownBaseUrl,
    validate: (value) => validBaseUrl(value),
  });
  const baseUrl = parseBaseUrl(answer);
  const apiKey = (await prompter.password('API key')).trim();
  if (!apiKey) throw new UsageError('no API key given');
  return { baseUrl, apiKey };
}

function validBaseUrl(value: string): true | string {
  try {
    parseBaseUrl(value);
    return true;
  } catch (err) {
    return (err as Error).message;
  }
}

async function forgetKeyringCopy(ctx: Context, account: string): Promise<void> {
  const { deleteKeyringKey } = await import('../../settings/keyring.js');
  try {
    await deleteKeyringKey(account);
  } catch (err) {
    await (await ctx.printer()).note(`note: the old copy of the key stays in the keyring: ${(err as Error).message}`);
  }
}
