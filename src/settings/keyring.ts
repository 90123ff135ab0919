import { ShortyError, EXIT } from '../errors.js';
import { forTerminal } from '../util/terminal-text.js';

/**
 * A profile's API key in the OS keyring (`shorty login --keyring`): the Secret Service on Linux,
 * the Keychain on macOS, the Credential Manager on Windows, through @napi-rs/keyring. The config
 * file then holds only KEYRING_REF, the name of the keyring entry. The native module is loaded
 * only when a profile uses the keyring: no other run pays for it.
 */

/** The profile value that says where the key is: the account of the keyring entry. */
export const KEYRING_REF = 'api-key-keyring';

const SERVICE = 'shorty-cli';

/** What the keyring is called on this system, for messages. */
export function keyringName(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'the Windows Credential Manager';
  return 'the Secret Service keyring';
}

const FILE_ALTERNATIVE = 'to keep the key in the config file instead, run `shorty login` without --keyring';

/**
 * The keyring could not be reached or refused: one line, with the file as the way out; exit 2, as
 * for a config folder that can't be used.
 */
export class KeyringError extends ShortyError {
  override name = 'KeyringError';
  constructor(what: string, cause: unknown) {
    super(`${what} (${reasonOf(cause)}); ${FILE_ALTERNATIVE}`, EXIT.usage);
  }
}

interface KeyringEntry {
  setPassword(password: string): void;
  getPassword(): string | null;
  deletePassword(): boolean;
}

type EntryClass = new (
  service: string,
  account: string,
  options?: { linux?: { store?: 'secret-service' } },
) => KeyringEntry;

/** The first line of what the library or D-Bus said, safe for a terminal. */
function reasonOf(cause: unknown): string {
  const text = cause instanceof Error ? cause.message : String(cause);
  return forTerminal(text.split('\n')[0].trim() || 'no reason given');
}

/** The keyring entry of `account`; `what` begins the error line of any failure. */
async function entry(account: string, what: string): Promise<KeyringEntry> {
  let Entry: EntryClass | undefined;
  try {
    const mod = (await import('@napi-rs/keyring')) as { Entry?: EntryClass; default?: { Entry?: EntryClass } };
    Entry = mod.Entry ?? mod.default?.Entry;
  } catch (err) {
    throw new KeyringError(`${what}: this build of shorty has no keyring support`, err);
  }
  if (!Entry) throw new KeyringError(what, 'the keyring library has no Entry');
  try {
    // The Secret Service itself: the library's default on Linux also reads the kernel's keyring,
    // which answers "no key" where the Secret Service can't be reached at all.
    return new Entry(SERVICE, account, { linux: { store: 'secret-service' } });
  } catch (err) {
    throw new KeyringError(what, err);
  }
}

/** Fails unless the keyring answers: `login --keyring` checks it before it asks for the key. */
export async function checkKeyring(account: string): Promise<void> {
  const what = `cannot reach ${keyringName()}`;
  const found = await entry(account, what);
  try {
    found.getPassword();
  } catch (err) {
    throw new KeyringError(what, err);
  }
}

export async function saveKeyringKey(account: string, key: string): Promise<void> {
  const what = `cannot save the API key in ${keyringName()}`;
  const found = await entry(account, what);
  try {
    found.setPassword(key);
  } catch (err) {
    throw new KeyringError(what, err);
  }
}

/** The key of a profile whose config names a keyring entry. */
export async function readKeyringKey(account: string, profile: string): Promise<string> {
  const what = `cannot read the API key of profile "${profile}" from ${keyringName()}`;
  const found = await entry(account, what);
  let key: string | null;
  try {
    key = found.getPassword();
  } catch (err) {
    throw new KeyringError(what, err);
  }
  if (!key) {
    throw new ShortyError(
      `${keyringName()} holds no API key for profile "${profile}"`,
      EXIT.auth,
      `run \`shorty login --keyring --profile ${profile}\` again, or \`shorty login\` to keep the key in the config file`,
    );
  }
  return key;
}

/**
 * The key in the keyring entry a profile names (`login --keyring`), read only when it names one:
 * what a profile holds when its config file has no key of its own.
 */
export async function profileKeyringKey(
  profile: string,
  stored: { [KEYRING_REF]?: string },
): Promise<string | undefined> {
  const account = stored[KEYRING_REF];
  return account ? readKeyringKey(account, profile) : undefined;
}

/** Removes a profile's entry; true when there was one. */
export async function deleteKeyringKey(account: string): Promise<boolean> {
  const what = `cannot remove the API key from ${keyringName()}`;
  const found = await entry(account, what);
  try {
    return found.deletePassword();
  } catch (err) {
    throw new KeyringError(what, err);
  }
}
