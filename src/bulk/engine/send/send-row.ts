import type { ModernApi } from '../../../api/modern.js';
import { isItemFailure } from '../../../errors.js';
import type { LinkBody } from '../../../input/link-body.js';
import { type AliasOwner, conflictError } from './alias-owner.js';

export type IfExists = 'skip' | 'fail';

/** A row that was not created, and why. */
export type NotSent = { status: 'skipped' | 'error'; error: string };

/** `adopted`: found by a lookup after a lost answer, not seen made (see reconcile.ts). */
export type SendOutcome = { status: 'ok'; id?: number | string; shorturl?: string; adopted?: true } | NotSent;

/** The servers' answer to a custom alias in use ("That alias is taken. Please choose another one."). */
export function isAliasTaken(message: string): boolean {
  return /alias\b.*\b(taken|in use|exists)/i.test(message);
}

/**
 * Creates one link. An API error belongs to the row (reported, the import goes on); anything else
 * (network, auth, rate limit exhausted, Ctrl-C, a 5xx, an HTML page or broken body instead of the
 * API's answer) is thrown, because every later row would meet it too.
 */
export async function sendRow(
  api: ModernApi,
  body: LinkBody,
  ifExists: IfExists,
  beforeSend?: () => Promise<void>,
  owner?: () => Promise<AliasOwner>,
): Promise<SendOutcome> {
  try {
    const res = await api.call<{ id?: number | string; shorturl?: string; short?: string }>('POST', '/url/add', {
      body,
      beforeSend,
    });
    return { status: 'ok', id: res.id, shorturl: res.shorturl ?? res.short };
  } catch (err) {
    if (!isItemFailure(err)) throw err;
    if (body.custom !== undefined && ifExists === 'skip' && isAliasTaken(err.message)) {
      const found = await owner?.();
      return found ? takenAliasOutcome(body.custom, found, err.message) : { status: 'skipped', error: err.message };
    }
    return { status: 'error', error: err.message };
  }
}

/**
 * `--if-exists skip` skips only the same link: the alias already leads to the row's long URL where
 * the row puts it. One that leads elsewhere, or is held on another of the account's domains, is the
 * row's error, so a job never believes its link exists when it does not. The run asks here once the
 * server has said the alias is taken (`taken`: its words, kept for a skip, which a lookup after a lost
 * answer goes by), and its dry run for every alias that is not free: one rule for both.
 */
export function takenAliasOutcome(alias: string, owner: AliasOwner, taken?: string): NotSent {
  if (owner.kind === 'same') return { status: 'skipped', error: taken ?? `"${alias}" already leads to this URL` };
  if (owner.kind === 'other') return { status: 'error', error: conflictError(alias, owner) };
  const why = `the server did not say where "${alias}" leads: not skipped`;
  return { status: 'error', error: taken ? `${taken} (${why})` : why };
}
