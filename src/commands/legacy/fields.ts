import type { Command } from 'commander';
import { notes } from '../shared/action.js';

/** The legacy short URL's fields (docs/api.md) under the link's names (output.ts), for --fields before any request. */
export const LEGACY_FIELDS = [
  'id',
  'shorturl',
  'alias',
  'longurl',
  'date',
  'last_accessed',
  'clicks',
  'has_password',
  'expiry',
  'status',
  'date_time',
];

export const XML_HELP = 'request .xml and print the XML body as received';

/** The help line naming the fields of a legacy short URL. */
export function legacyFieldsNote(cmd: Command): Command {
  return notes(cmd, `Fields of a legacy short URL: ${LEGACY_FIELDS.join(', ')}.`);
}
