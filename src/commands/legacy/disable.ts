import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { RunF } from '../shared/action.js';
import { registerShortUrlVerb, runShortUrlOperation, type ShortUrlOptions } from './status.js';

export function register(legacy: Command, ctx: Context, runF: RunF<ShortUrlOptions> = run): void {
  registerShortUrlVerb(legacy, ctx, { name: 'disable', description: 'Disable a short URL' }, runF);
}

/** @public the verb's seam: parsed options and a context, no parser. */
export async function run(opts: ShortUrlOptions, ctx: Context): Promise<void> {
  await runShortUrlOperation('disable', opts, ctx);
}
