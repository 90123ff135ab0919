import type { Context } from '../../context.js';
import { profileDomain } from '../../input/domain.js';
import { credentialsWarning } from '../../input/validate.js';
import { legacyCreatePath } from '../../api/legacy-path.js';
import { CREATED_VIEW, runObjectCall, type FormatFlag } from './output.js';
import { parseCreateInput, type CreateFlags } from './validate.js';

export async function runCreate(ctx: Context, longUrlArg: string, flags: CreateFlags & FormatFlag): Promise<void> {
  const { longUrl, options, warnings } = parseCreateInput(longUrlArg, flags, ctx.now());
  for (const warning of warnings) ctx.io.stderr.write(`warning: ${warning}\n`);
  // The profile's default domain applies wherever a link is created, as in `urls add`.
  options.domain ??= profileDomain((await ctx.settings()).domain)?.host;
  // The password travels in the path: hidden in --debug lines and in anything the server echoes.
  ctx.secrets.add(options.password);
  const warning = credentialsWarning(longUrl);
  if (warning) ctx.io.stderr.write(`warning: ${warning}\n`);
  await runObjectCall(ctx, legacyCreatePath(longUrl, options), CREATED_VIEW, flags);
}
