import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { withFileLock } from '../util/file-lock.js';
import { UsageError } from '../errors.js';
import type { ConfigKey } from './keys.js';
import { configFilePath } from './paths.js';

export type ProfileValues = Partial<Record<ConfigKey, string>>;

/** The config file: named profiles plus the one `shorty profiles use` selected. */
export interface ConfigData {
  current?: string;
  profiles: Record<string, ProfileValues>;
}

export const DEFAULT_PROFILE = 'default';

/**
 * Reads the config file without loading conf (most runs only read it). A missing file is an
 * empty config; a broken one is an error that names the file rather than a silent reset.
 */
export function readConfig(dir: string): ConfigData {
  const path = configFilePath(dir);
  if (!existsSync(path)) return { profiles: {} };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UsageError(`cannot read the config file ${path}: ${(err as Error).message}`,
      'fix it by hand, or remove it and run `shorty login` again');
  }
  return toConfigData(raw);
}

function toConfigData(raw: unknown): ConfigData {
  const obj = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const profiles: Record<string, ProfileValues> = {};
  if (obj.profiles && typeof obj.profiles === 'object') {
    for (const [name, values] of Object.entries(obj.profiles as Record<string, unknown>)) {
      if (values && typeof values === 'object') profiles[name] = stringValues(values as Record<string, unknown>);
    }
  }
  const current = typeof obj.current === 'string' && obj.current ? obj.current : undefined;
  return { current, profiles };
}

function stringValues(values: Record<string, unknown>): ProfileValues {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
  }
  return out as ProfileValues;
}

export interface SettingsStore {
  readonly path: string;
  read(): ConfigData;
  /** Applies a change and writes the file atomically (0600, folder 0700). */
  update(change: (data: ConfigData) => void): Promise<ConfigData>;
}

/** The writable store, backed by conf (atomic writes); loaded only by commands that change the config. */
export async function openStore(dir: string): Promise<SettingsStore> {
  ensurePrivateDir(dir);
  const { default: Conf } = await import('conf');
  const conf = new Conf<Record<string, unknown>>({
    projectName: 'shorty',
    cwd: dir,
    configName: 'config',
    configFileMode: 0o600,
    accessPropertiesByDotNotation: false,
  });
  return {
    path: conf.path,
    read: () => readConfig(dir),
    async update(change) {
      // Read-modify-write under a lock: two shells running `config set` at once must not write
      // back what they read before the other's change.
      return withFileLock(`${conf.path}.lock`, async () => {
        const data = readConfig(dir);
        change(data);
        ensurePrivateDir(dir);
        conf.store = serialisable(data);
        // The mode given to conf only applies when the file is created; an older file keeps its
        // mode, so tighten it every time (the file holds the API key).
        chmodSync(conf.path, 0o600);
        return data;
      });
    },
  };
}

function serialisable(data: ConfigData): Record<string, unknown> {
  return data.current ? { current: data.current, profiles: data.profiles } : { profiles: data.profiles };
}

/** The folder holds keys and the rate-limit state: only its owner may list or enter it. */
function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
}

/** The profile a run uses: --profile > SHORTY_PROFILE > the one `profiles use` chose > `default`. */
export function selectProfile(flag: string | undefined, env: string | undefined, data: ConfigData): string {
  return nonEmpty(flag) ?? nonEmpty(env) ?? data.current ?? DEFAULT_PROFILE;
}

function nonEmpty(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}
