import { createHash, randomBytes, scryptSync } from 'node:crypto';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import { canPrompt } from '../../../io.js';
import { openJournal, type JournalOwner, type JournalState } from './journal.js';

/**
 * scrypt's cost for a fingerprint: ~50 ms and 16 MiB once per run, so guessing a weak key from a
 * journal costs as much per guess (a plain hash took 2.2 s for a million guesses).
 */
const SCRYPT = { N: 2 ** 14, r: 8, p: 1 };

/**
 * A short, stable name of a key that does not reveal it, enough to tell two keys apart in a
 * message: `scrypt:` and 8 hex digits of the key hashed with the journal's own random salt (so no
 * table of guesses serves two journals) at a cost that makes each guess slow. Without a salt,
 * the `sha256:` name of journals written before salts, still read so they resume.
 */
export function keyFingerprint(apiKey: string | undefined, salt?: string): string {
  if (salt === undefined)
    return `sha256:${createHash('sha256')
      .update(apiKey ?? '')
      .digest('hex')
      .slice(0, 8)}`;
  return `scrypt:${scryptSync(apiKey ?? '', Buffer.from(salt, 'hex'), 4, SCRYPT).toString('hex')}`;
}

/** A new journal's salt: 16 random bytes in hex. */
function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/** The account a run works on: its server and key, as a journal with this salt names them. */
async function currentOwner(ctx: Context, salt: string | undefined): Promise<JournalOwner> {
  const settings = await ctx.settings();
  const { requireBaseUrl } = await import('../../../settings/base-url.js');
  return {
    journal: 'shorty',
    server: requireBaseUrl(settings),
    keyFingerprint: keyFingerprint(settings.apiKey, salt),
    ...(salt === undefined ? {} : { salt }),
  };
}

const named = (owner: JournalOwner) => `${owner.server} (key ${owner.keyFingerprint})`;

export interface ClaimOptions {
  /** A dry run reads the journal but writes nothing: it is never bound, and an old one is not asked about. */
  readOnly?: boolean;
}

/**
 * Checks, before any request, that a journal belongs to the server and key in force: a journal
 * of another account would resume or undo there (deleting links it never made). A new journal is
 * bound to the current account at once; one written before journals named their account is used
 * only once the user confirms (-y, or a question on a terminal), and is bound from then on.
 */
export async function claimJournal(
  ctx: Context,
  path: string,
  state: JournalState,
  opts: ClaimOptions = {},
): Promise<void> {
  // Compared under the journal's own salt (none for one written before salts); a new one gets its own.
  const here = await currentOwner(ctx, state.owner ? state.owner.salt : newSalt());
  if (state.owner) {
    if (state.owner.server === here.server && state.owner.keyFingerprint === here.keyFingerprint) return;
    throw new UsageError(
      `the journal ${path} belongs to ${named(state.owner)}, not to ${named(here)}: nothing was sent`,
      'run it with the profile (or --base-url and --api-key) it was written with; a run on this server needs a new --journal',
    );
  }
  if (opts.readOnly) return;
  if (state.records > 0 && !(await legacyConfirmed(ctx, path, here))) {
    throw new UsageError(`the journal ${path} was not used: nothing was sent`);
  }
  const journal = await openJournal(path);
  try {
    await journal.append(here);
  } finally {
    await journal.close();
  }
  state.owner = here;
}

/** A journal that does not name its account is taken as the current one's only when the user says so. */
async function legacyConfirmed(ctx: Context, path: string, here: JournalOwner): Promise<boolean> {
  if (ctx.globals.yes) return true;
  if (!canPrompt(ctx.io)) {
    throw new UsageError(
      `the journal ${path} does not say which server it was written for (an older shorty wrote it)`,
      `if it was written for ${named(here)}, pass -y/--yes to use it there (it is then bound to it)`,
    );
  }
  const prompter = await ctx.prompter();
  return prompter.confirm(
    `${path} does not say which server it was written for. Was it written for ${named(here)}?`,
    false,
  );
}
