// How the MCP tools name what an operation is about: an input by its key in the tool's schema
// (`expiry`, `metaTitle`), another operation by the tool that does it (`channels_list`).
import type { Words } from '../ops/words.js';

/** The tools' prefix of a command group whose name differs. */
const PREFIX: Record<string, string> = { urls: 'links' };
/** The tool of a verb whose name differs (`urls lookup` is links_get). */
const VERB: Record<string, string> = { lookup: 'get' };

export const TOOL_WORDS: Words = {
  field: (key) => key,
  op: (group, verb, args = {}) => {
    const name = `${PREFIX[group] ?? group}_${VERB[verb] ?? verb}`;
    const given = [
      ...(args.item === undefined ? [] : [`${group === 'urls' ? 'link' : 'target'} ${JSON.stringify(args.item)}`]),
      ...Object.entries(args.options ?? {}).map(([key, value]) => `${key} ${value}`),
    ];
    return given.length > 0 ? `${name} (${given.join(', ')})` : name;
  },
  run: 'call',
  more: () => '',
};
