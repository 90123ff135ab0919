import { channelBody as rules } from '../../ops/resource-rules.js';
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
  // --color shares its name with the global --no-color: only a string is this command's value.
  const color = typeof flags.color === 'string' ? flags.color : undefined;
  return rules({ name, description: flags.description, color, starred: flags.starred });
}
