import { accessSync, constants } from 'node:fs';
import type { Writable } from 'node:stream';
import { withMomentLock } from '../util/lock.js';
import { jsonErrorReason } from '../util/json-error.js';
import { UsageError } from '../errors.js';
import { configFolderHint, fileError } from '../file-errors.js';
import { forTerminal } from '../util/terminal-text.js';
import type { ConfigKey } from './keys.js';
import { configFilePath } from './paths.js';
import { checkConfigFolder, ensurePrivateFolder } from './private-folders.js';
import { type PrivateText, readPrivateFile } from './private-files.js';
import type { SettingOrigin } from './types.js';

/** The config keys, and where a key kept in the OS keyring is (settings/keyring.ts). */
export type ProfileValues = Partial<Record<ConfigKey | 'api-key-keyring', string>>;

/** The config file: named profiles plus the one `shorty profiles use` selected. */
export interface ConfigData {
  current?: string;
  profiles: Record<string, ProfileValues>;
}

export const DEFAULT_PROFILE = 'default';

/**
 * Names an object already has: a profile called so would be read from, or written to, the
 * object's prototype instead of the config (`--profile __proto__` saved nothing).
 */
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The names a profile may have: they reach shell command lines (completion, examples to paste) and
 * file names, so only characters no shell or file system reads as anything but themselves.
 */
const SAFE_PROFILE = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
const SAFE_RULE = 'a profile name is letters, digits, . _ - @ (at most 64, the first a letter or digit)';

/**
 * A profile name from --profile, SHORTY_PROFILE, an argument or the config's `current`; exit 2 for
 * one that can't be stored. With `data`, a name the config already holds (saved by an older
 * shorty) is refused with how to rename it.
 */
export function checkProfileName(name: string, source = 'profile name', data?: ConfigData): string {
  if (RESERVED_NAMES.has(name))
    throw new UsageError(`invalid ${source} "${name}": the name is reserved`, 'choose another name, e.g. work or ci');
  if (SAFE_PROFILE.test(name)) return name;
  const shown = JSON.stringify(forTerminal(name));
  if (data && profileOf(data, name))
    throw new UsageError(
      `the profile ${shown} has a name shorty no longer uses: ${SAFE_RULE}`,
      `rename it: in the config file (\`shorty config path\`), change the name under "profiles" (and "current" if it is there) to one such as work-eu`,
    );
  throw new UsageError(`invalid ${source} ${shown}: ${SAFE_RULE}`, 'e.g. work, ci-eu or me@work');
}

const HINT_FIX = 'fix it by hand, or remove it and run `shorty login` again';

/** Streams already warned about a loose config file: once per run, however often it is read. */
const warnedLoose = new WeakSet<Writable>();

/**
 * Reads the config file (most runs only read it). A missing file is an
 * empty config; a broken one is an error that names the file rather than a silent reset. With
 * `warnTo`, a file others may read (it holds the key) gets one warning line there, as ssh does.
 * A folder or file another user owns or may write is refused (exit 2), before any request.
 */
export function readConfig(dir: string, warnTo?: Writable): ConfigData {
  const path = configFilePath(dir);
  let file: PrivateText | undefined;
  try {
    // No config folder, or none this user can reach (a CI user whose HOME is another user's): no config.
    file = checkConfigFolder(dir) ? readPrivateFile(path, 'the config file') : undefined;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw fileError(`cannot read the config file ${path}`, err);
  }
  if (file === undefined) return { profiles: {} };
  const { text } = file;
  if (warnTo) warnIfLoose(path, file.mode, warnTo);
  let raw: unknown;
  // A byte order mark (Windows editors) is no reason to refuse the file.
  const json = text.replace(/^\uFEFF/, '');
  try {
    raw = JSON.parse(json);
  } catch (err) {
    const reason = jsonErrorReason(err, json);
    throw new UsageError(`the config file ${path} is not valid JSON${reason ? `: ${reason}` : ''}`, HINT_FIX);
  }
  return toConfigData(raw);
}

function warnIfLoose(path: string, mode: number, stream: Writable): void {
  if (process.platform === 'win32' || warnedLoose.has(stream)) return;
  if ((mode & 0o077) === 0) return;
  warnedLoose.add(stream);
  stream.write(
    `warning: the config file ${path} holds API keys and others can read it (mode ${mode.toString(8).padStart(4, '0')}): chmod 600 ${path}\n`,
  );
}

function toConfigData(raw: unknown): ConfigData {
  const obj = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const profiles: Record<string, ProfileValues> = {};
  if (obj.profiles && typeof obj.profiles === 'object') {
    for (const [name, values] of Object.entries(obj.profiles as Record<string, unknown>)) {
      if (values && typeof values === 'object' && !RESERVED_NAMES.has(name))
        profiles[name] = stringValues(values as Record<string, unknown>);
    }
  }
  const current =
    typeof obj.current === 'string' && obj.current && !RESERVED_NAMES.has(obj.current) ? obj.current : undefined;
  return { current, profiles };
}

function stringValues(values: Record<string, unknown>): ProfileValues {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
  }
  return out as ProfileValues;
}

/** The values of a profile the config holds, or undefined (never something of Object.prototype). */
export function profileOf(data: ConfigData, name: string): ProfileValues | undefined {
  return Object.hasOwn(data.profiles, name) ? data.profiles[name] : undefined;
}

export interface SettingsStore {
  readonly path: string;
  read(): ConfigData;
  /** Applies a change and writes the file atomically (0600, folder 0700). */
  update(change: (data: ConfigData) => void): Promise<ConfigData>;
}

/**
 * The writable store; loaded only by commands that change the config. Opening it checks that the
 * config folder can be written: exit 2 naming the folder.
 */
export async function openStore(dir: string): Promise<SettingsStore> {
  readConfig(dir);
  const cannotWrite = (err: unknown) =>
    fileError(`cannot write the config folder ${dir}`, err, 2, configFolderHint(err));
  try {
    ensurePrivateDir(dir);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw cannotWrite(err);
  }
  const path = configFilePath(dir);
  const { removeStaleCopies, writePrivateFile } = await import('./private-write.js');
  return {
    path,
    read: () => readConfig(dir),
    async update(change) {
      // Read-modify-write under a lock: two shells running `config set` at once must not write
      // back what they read before the other's change.
      try {
        return await withMomentLock(path, () => {
          const data = readConfig(dir);
          change(data);
          ensurePrivateDir(dir);
          removeStaleCopies(path);
          // The file holds the API key: 0600 whatever mode an older file had.
          writePrivateFile(path, `${JSON.stringify(serialisable(data), null, '\t')}\n`, 'the config file', {
            mode: 0o600,
          });
          return data;
        });
      } catch (err) {
        if (err instanceof UsageError || !(err as NodeJS.ErrnoException).code) throw err;
        throw cannotWrite(err);
      }
    },
  };
}

function serialisable(data: ConfigData): Record<string, unknown> {
  return data.current ? { current: data.current, profiles: data.profiles } : { profiles: data.profiles };
}

/** The folder holds keys and the rate-limit state: only its owner may list or enter it. */
function ensurePrivateDir(dir: string): void {
  ensurePrivateFolder(dir);
  // A read-only file system lets mkdir of an existing folder pass.
  accessSync(dir, constants.W_OK);
}

/** The profile of a run; origin `profile` is the one `shorty profiles use` saved. */
export interface ProfileChoice extends SettingOrigin {
  name: string;
}

/** The profile a run uses, and why: --profile > SHORTY_PROFILE > the one `profiles use` chose > `default`. */
function chooseProfile(
  flag: string | undefined,
  env: string | undefined,
  data: ConfigData,
  checkCurrent: boolean,
): ProfileChoice {
  const fromFlag = nonEmpty(flag);
  if (fromFlag !== undefined)
    return { name: checkProfileName(fromFlag, '--profile', data), origin: 'flag', via: '--profile' };
  const fromEnv = nonEmpty(env);
  if (fromEnv !== undefined)
    return { name: checkProfileName(fromEnv, 'SHORTY_PROFILE', data), origin: 'environment', via: 'SHORTY_PROFILE' };
  return data.current
    ? {
        // Unchecked where the profile in use is only shown (`profiles list`) or left (`profiles use`).
        name: checkCurrent ? checkProfileName(data.current, 'profile', data) : data.current,
        origin: 'profile',
        via: 'shorty profiles use',
      }
    : { name: DEFAULT_PROFILE, origin: 'default' };
}

/**
 * The profile a run uses. A profile named by --profile or SHORTY_PROFILE must exist (a typo
 * would otherwise run with no settings, or against the wrong account), unless `check` is false:
 * where the command creates it (`login`, `config set`) or only lists the profiles there are.
 * `default` always exists: it is what a run without any profile reads. The choice says why too
 * (`status` shows it). `anyCurrent` takes the config's `current` whatever its name, where it is
 * only shown or left (`profiles list`, the output format of `profiles use`).
 */
export function selectProfile(
  flag: string | undefined,
  env: string | undefined,
  data: ConfigData,
  opts: { check?: boolean; anyCurrent?: boolean } = {},
): ProfileChoice {
  const choice = chooseProfile(flag, env, data, !opts.anyCurrent);
  if (
    opts.check !== false &&
    (choice.origin === 'flag' || choice.origin === 'environment') &&
    choice.name !== DEFAULT_PROFILE
  )
    requireProfile(data, choice.name);
  return choice;
}

/**
 * Exit 2 for a profile the config does not hold, with the ones it does. `profiles delete` may name
 * one of an unsafe name (`anyName`): deleting it is one way out of it.
 */
export function requireProfile(data: ConfigData, name: string, opts: { anyName?: boolean } = {}): ProfileValues {
  const values = profileOf(
    data,
    opts.anyName && profileOf(data, name) ? name : checkProfileName(name, undefined, data),
  );
  if (values) return values;
  const known = Object.keys(data.profiles);
  throw new UsageError(
    `no profile "${name}"`,
    known.length
      ? `profiles: ${known.map(forTerminal).join(', ')}`
      : `create it with \`shorty login --profile ${name}\``,
  );
}

function nonEmpty(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}
