import type { Writable } from 'node:stream';
import { DEFAULT_RATE_LIMIT, parseRateLimit } from './rate-limit-spec.js';
import { parseApiKey, parseBaseUrl } from './base-url.js';
import { ENV_OF_KEY, parseOutputFormat, parseTimeoutSeconds } from './keys.js';
import { keyringName, profileKeyringKey } from './keyring.js';
import { configDir } from './paths.js';
import { parseRateStoreUrl, rateStoreTarget } from './rate-store-url.js';
import { profileOf, readConfig, selectProfile, type ProfileValues } from './store.js';
import type { Env, OutputFormat, SettingFlags, SettingOrigin, Settings } from './types.js';

const DEFAULT_TIMEOUT_SECONDS = 30;

/** One setting's candidates, highest precedence first, each with where it came from (for errors and `status`). */
type Candidate = [value: string | undefined, source: string, origin: SettingOrigin['origin']];
type Picked = [value: string, source: string, origin: SettingOrigin['origin']];

/**
 * Resolves every setting with precedence flag > env > selected profile > default. `warnTo` gets
 * the config file's warnings (stderr).
 */
export async function resolveSettings(globals: SettingFlags, env: Env, warnTo?: Writable): Promise<Settings> {
  const dir = configDir(env);
  const data = readConfig(dir, warnTo);
  const choice = selectProfile(globals.profile, env.SHORTY_PROFILE, data, { check: !globals.createsProfile });
  const profile = choice.name;
  const stored = profileOf(data, profile) ?? {};
  const pick = (flag: string | undefined, key: SettingKey) => pickSetting(key, flag, env, stored, profile);

  const baseUrl = pick(globals.baseUrl, 'base-url');
  // A key in the keyring is read only when no flag, variable or key in the file overrides it.
  const given = pick(globals.apiKey, 'api-key');
  const keyringKey = given ? undefined : await profileKeyringKey(profile, stored);
  const apiKey =
    given ??
    (keyringKey === undefined
      ? undefined
      : ([keyringKey, `${keyringName()}, profile "${profile}"`, 'profile'] as Picked));
  const rateLimit = pick(globals.rateLimit, 'rate-limit');
  const rateStore = pick(globals.rateStore, 'rate-store');
  const timeout = pick(globals.timeout, 'timeout');
  const output = pick(globals.output, 'output');
  return {
    profile,
    configDir: dir,
    configDirFromEnv: Boolean(env.SHORTY_CONFIG_DIR?.trim()),
    baseUrl: baseUrl && parseBaseUrl(baseUrl[0], baseUrl[1]),
    apiKey: apiKey && parseApiKey(apiKey[0], apiKey[1]),
    keySavedFor: apiKey?.[2] === 'profile' ? stored['base-url'] : undefined,
    rateLimit: rateLimit ? { ...parseRateLimit(rateLimit[0]), setBy: rateLimit[1] } : DEFAULT_RATE_LIMIT,
    rateStore: rateStore && parseRateStoreUrl(rateStore[0], rateStore[1]),
    // Whole milliseconds: timers take integers only.
    timeoutMs: Math.round(1000 * (timeout ? parseTimeoutSeconds(timeout[0], timeout[1]) : DEFAULT_TIMEOUT_SECONDS)),
    output: output && parseOutputFormat(output[0].trim(), output[1]),
    domain: stored.domain,
    insecure: Boolean(globals.insecure),
    debug: Boolean(globals.debug) || env.SHORTY_DEBUG === '1',
    curl: env.SHORTY_DEBUG === 'curl',
    wait: globals.wait !== false,
    maxWaitMs: globals.maxWaitMs,
    origins: {
      profile: choice,
      baseUrl: originOf(baseUrl),
      apiKey: { ...originOf(apiKey), ...(keyringKey !== undefined ? { store: 'keyring' as const } : {}) },
      rateLimit: originOf(rateLimit),
    },
  };
}

/** The secrets among the settings: the key and the rate store's password. */
export function settingSecrets(settings: Settings): (string | undefined)[] {
  return [settings.apiKey, settings.rateStore === undefined ? undefined : rateStoreTarget(settings.rateStore).password];
}

function originOf(picked: Picked | undefined): SettingOrigin {
  return picked ? { origin: picked[2], via: picked[1] } : { origin: 'default' };
}

/**
 * Just the -o choice (flag > SHORTY_OUTPUT > profile), for the printer: printing must not depend
 * on the connection settings, so offline commands work even with a broken base URL in the env.
 */
export function resolveOutputFormat(
  globals: Pick<SettingFlags, 'output' | 'profile'>,
  env: Env,
  warnTo?: Writable,
): OutputFormat | undefined {
  const dir = configDir(env);
  const data = readConfig(dir, warnTo);
  // Not checked here (login and `config set` may name a profile they create): the command is.
  const profile = selectProfile(globals.profile, env.SHORTY_PROFILE, data, { check: false, anyCurrent: true }).name;
  const output = pickSetting('output', globals.output, env, profileOf(data, profile) ?? {}, profile);
  return output && parseOutputFormat(output[0].trim(), output[1]);
}

type SettingKey = keyof typeof ENV_OF_KEY;

/**
 * One setting with precedence flag > env > the selected profile's values, and where it came from:
 * the one rule every reader of a setting goes through.
 */
export function pickSetting(
  key: SettingKey,
  flag: string | undefined,
  env: Env,
  stored: ProfileValues,
  profile: string,
): Picked | undefined {
  return first([
    [flag, `--${key}`, 'flag'],
    [env[ENV_OF_KEY[key]], ENV_OF_KEY[key], 'environment'],
    [stored[key], `${key} in profile "${profile}"`, 'profile'],
  ]);
}

/** The first candidate with a non-empty value: an empty env var counts as unset. */
function first(candidates: Candidate[]): Picked | undefined {
  for (const [value, source, origin] of candidates) {
    if (value !== undefined && value.trim() !== '') return [value, source, origin];
  }
  return undefined;
}
