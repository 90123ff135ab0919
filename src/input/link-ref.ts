import { UsageError } from '../errors.js';
import { ALIAS_PATTERN } from './link-fields.js';
import { parseHttpUrlAsTyped, parseId } from './validate.js';

/**
 * How a command names a link: its id (`42`), its alias (`spring`) or its short URL
 * (`https://sho.rt/spring`). Digits are always an id; a link whose alias is all digits is named by
 * its short URL.
 */
export type LinkRef =
  | { kind: 'id'; id: number; text: string }
  | { kind: 'alias'; alias: string; text: string }
  | { kind: 'shorturl'; shorturl: string; text: string };

export const LINK_REF_HELP =
  "a link is named by its id, its alias or its short URL; an alias or short URL costs one lookup request (GET /urls?short=) before the command's own (an alias on the service's own domain two, when the profile has a default domain); " +
  "an alias found on neither is looked for on the account's other branded domains (GET /domains, then one lookup each): found on one, it names that link; on several, it is refused (exit 2) and the link is named by its short URL";

const HINT = 'name a link by its id (42), its alias (spring) or its short URL (https://sho.rt/spring)';

/** Checks a reference without sending anything: one that can't name a link is exit 2. */
export function parseLinkRef(value: string): LinkRef {
  const text = value.trim();
  if (/^-?\d+$/.test(text)) return { kind: 'id', id: parseId(text, 'link id'), text };
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    const shorturl = parseHttpUrlAsTyped(text, 'short URL');
    if (new URL(shorturl).pathname.replace(/\/+$/, '') === '') {
      throw new UsageError(`invalid short URL "${value}": it has no alias after the host`, HINT);
    }
    return { kind: 'shorturl', shorturl, text };
  }
  if (!ALIAS_PATTERN.test(text)) {
    const why =
      text === ''
        ? 'it is empty'
        : /[\s]/.test(text)
          ? 'it contains a space'
          : text.includes('/')
            ? 'a short URL starts with http:// or https://'
            : 'an alias has only letters, digits, - and _';
    throw new UsageError(`invalid link "${value}": ${why}`, HINT);
  }
  return { kind: 'alias', alias: text, text };
}
