import { UsageError } from '../../errors.js';
import { parseHexColor } from '../../input/validate.js';
import { CHANNEL_NAMES } from '../../ops/names.js';
import { type Deletable, namedResource, type Resource } from '../shared/resource.js';

export const CHANNEL: Resource & Deletable = {
  ...namedResource(CHANNEL_NAMES, ['id', 'name', 'description', 'color', 'starred']),
  deletePath: (id) => `/channel/${id}/delete`,
};

export interface ChannelFlags {
  name?: string;
  description?: string;
  color?: string | boolean;
  starred?: boolean;
}

/** The body keys the flags of `add` and `update` set, checked before any request. */
export function channelBody(flags: ChannelFlags, name: string | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (name !== undefined) body.name = channelName(name);
  if (flags.description !== undefined) body.description = flags.description;
  // --color shares its name with the global --no-color: only a string is this command's value.
  if (typeof flags.color === 'string') body.color = parseHexColor(flags.color, '--color');
  if (flags.starred !== undefined) body.starred = flags.starred;
  return body;
}

/** The service's own rule, checked here so a bad name costs no request (and exits 2). */
function channelName(name: string): string {
  if (name.trim().length < 2) {
    throw new UsageError(`invalid channel name "${name}": it must have at least 2 characters`);
  }
  return name;
}
