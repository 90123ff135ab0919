import type { ModernApi } from '../../../api/modern.js';
import { isItemFailure } from '../../../errors.js';
import type { LinkBody } from '../../../input/link-body.js';

export type IfExists = 'skip' | 'fail';

export type SendOutcome =
  | { status: 'ok'; id?: number | string; shorturl?: string }
  | { status: 'skipped' | 'error'; error: string };

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
      return { status: 'skipped', error: err.message };
    }
    return { status: 'error', error: err.message };
  }
}
