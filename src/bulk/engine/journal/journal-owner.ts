import { randomBytes, scryptSync } from 'node:crypto';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import { openJournal, type JournalOwner, type JournalState } from './journal.js';

/**
 * scrypt's cost for a fingerprint: ~50 ms and 16 MiB once per run, so guessing a weak key from a
 * journal costs as much per guess (a plain hash took 2.2 s for a million guesses).
 */
const SCRYPT = { N: 2 ** 14, r: 8, p: 1 };

/**
 * A short, stable name of a key that does not reveal it, enough to tell two keys apart in a
 * message: `scrypt:` and 8 hex digits of the key hashed with the journal's own random salt (so no
 * table of guesses serves two journals) at a cost that makes each guess slow.
 */
export function keyFingerprint(apiKey: string | undefined, salt: string): string {
  return `scrypt:${scryptSync(apiKey ?? '', Buffer.from(salt, 'hex'), 4, SCRYPT).toString('hex')}`;
}

/** A new journal's salt: 16 random bytes in hex. */
function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/** The account a run works on: its server and key, as a journal with this salt names them. */
async function currentOwner(ctx: Context, salt: string): Promise<JournalOwner> {
  const settings = await ctx.settings();
  const { requireBaseUrl } = await import('../../../settings/base-url.js');
  return {
    journal: 'shorty',
    server: requireBaseUrl(settings),
    keyFingerprint: keyFingerprint(settings.apiKey, salt),
    salt,
  };
}

const named = (owner: JournalOwner) => `${owner.server} (key ${owner.keyFingerprint})`;

export interface ClaimOptions {
  /** A dry run reads the journal but writes nothing: it is never bound. */
  readOnly?: boolean;
}

/**
 * Checks, before any request, that a journal belongs to the server and key in force: a journal
 * of another account would resume or undo there (deleting links it never made). A new journal is
 * bound to the current account at once. A journal of an older shorty (no account named, or a key
 * fingerprint without a salt) is refused: this one reads the current format only.
 */
export async function claimJournal(
  ctx: Context,
  path: string,
  state: JournalState,
  opts: ClaimOptions = {},
): Promise<void> {
  if (state.owner ? !state.owner.salt : state.records > 0) {
    throw new UsageError(
      `the journal ${path} was written by an older shorty, in a format this one does not read: nothing was sent; ` +
        'finish or undo it with the shorty that wrote it, or give a new --journal',
    );
  }
  // Compared under the journal's own salt; a new one gets its own.
  const here = await currentOwner(ctx, state.owner?.salt ?? newSalt());
  if (state.owner) {
    if (state.owner.server === here.server && state.owner.keyFingerprint === here.keyFingerprint) return;
    throw new UsageError(
      `the journal ${path} belongs to ${named(state.owner)}, not to ${named(here)}: nothing was sent`,
      'run it with the profile (or --base-url and --api-key) it was written with; a run on this server needs a new --journal',
    );
  }
  if (opts.readOnly) return;
  const journal = await openJournal(path);
  try {
    await journal.append(here);
  } finally {
    await journal.close();
  }
  state.owner = here;
}
