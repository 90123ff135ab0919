import type { Command } from 'commander';
import { parseHttpUrl } from '../../input/validate.js';
import { DOMAIN_NAMES } from '../../ops/names.js';
import { type Deletable, namedResource, type Resource } from '../shared/resource.js';

export const DOMAIN: Resource & Deletable = {
  ...namedResource(DOMAIN_NAMES, ['id', 'domain', 'redirectroot', 'redirect404']),
  deletePath: (id) => `/domain/${id}/delete`,
};

export interface RedirectFlags {
  redirectRoot?: string;
  redirect404?: string;
}

/** The optional redirects, checked before any request, as the API's body keys. */
export function redirectBody(flags: RedirectFlags): Record<string, string> {
  const body: Record<string, string> = {};
  if (flags.redirectRoot !== undefined) body.redirectroot = parseHttpUrl(flags.redirectRoot, '--redirect-root');
  if (flags.redirect404 !== undefined) body.redirect404 = parseHttpUrl(flags.redirect404, '--redirect-404');
  return body;
}

/** The flags of `add` and `update`. */
export function withRedirectOptions(cmd: Command): Command {
  return cmd
    .option('--redirect-root <url>', 'where a visit to the bare domain goes')
    .option('--redirect-404 <url>', 'where an unknown alias on this domain goes');
}
