import type { Context } from '../../context.js';
import { legacyCreatePath } from '../../api/legacy-path.js';
import { CREATED_VIEW, runObjectCall, type FormatFlag } from './output.js';
import { parseCreateInput, type CreateFlags } from './validate.js';

export async function runCreate(ctx: Context, longUrlArg: string, flags: CreateFlags & FormatFlag): Promise<void> {
  const { longUrl, options } = parseCreateInput(longUrlArg, flags);
  await runObjectCall(ctx, legacyCreatePath(longUrl, options), CREATED_VIEW, flags);
}
