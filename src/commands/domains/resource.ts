import { redirectBody as rules } from '../../ops/resource-rules.js';
import type { Command } from 'commander';
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
export const redirectBody = (flags: RedirectFlags): Record<string, string> => rules(flags);

/** The flags of `add` and `update`. */
export function withRedirectOptions(cmd: Command): Command {
  return cmd
    .option('--redirect-root <url>', 'where a visit to the bare domain goes')
    .option('--redirect-404 <url>', 'where an unknown alias on this domain goes');
}
