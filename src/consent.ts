import type { Context } from './context.js';
import { DeclinedError, UsageError } from './errors.js';
import { canPrompt } from './io.js';

/**
 * What a command that changes or deletes asks before it does: `act` names the change for the
 * refusal (`delete`, `change the account`), `nothingDone` what a no leaves (`nothing deleted`).
 */
export interface Consent {
  act: string;
  nothingDone: string;
  /** A hint for the refusal without a terminal (e.g. a dry run to look first). */
  hint?: string;
}

/** Every deletion's: ids, a profile, the links a journal's import created. */
export const DELETION: Consent = { act: 'delete', nothingDone: 'nothing deleted' };

/**
 * The one rule of consent: -y gives it; without -y it needs a terminal to ask on, so a script
 * must pass -y. Checked before any request (a lookup included), so a refusal sends nothing.
 */
export function checkConsentPossible(ctx: Context, consent: Pick<Consent, 'act' | 'hint'>): void {
  if (!ctx.globals.yes && !canPrompt(ctx.io)) {
    throw new UsageError(
      `refusing to ${consent.act} without confirmation: pass -y/--yes when not running interactively`,
      consent.hint,
    );
  }
}

/** Asks `question` unless -y gave consent; a no stops the command (DeclinedError: nothing done, exit 1). */
export async function obtainConsent(ctx: Context, consent: Consent, question: string): Promise<void> {
  if (ctx.globals.yes) return;
  checkConsentPossible(ctx, consent);
  if (!(await (await ctx.prompter()).confirm(question, false))) throw new DeclinedError(consent.nothingDone);
}

/**
 * A question that only checks a cost with a person (`Send about 40 requests?`): asked on a
 * terminal unless -y; a script goes ahead. A no stops the command as a declined consent does.
 */
export async function confirmCost(ctx: Context, nothingDone: string, question: string): Promise<void> {
  if (ctx.globals.yes || !canPrompt(ctx.io)) return;
  if (!(await (await ctx.prompter()).confirm(question, true))) throw new DeclinedError(nothingDone);
}
