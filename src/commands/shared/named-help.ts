// What a command's help says of an argument that names a resource by id or by name.
import { BULK_PAGE_SIZE } from '../../api/paginate.js';
import type { NamedKind } from '../../ops/names.js';

/** How a command's help says it: `<campaign>: its id (4) or its name ("Spring sale")...`. */
export function namedHelp(kind: NamedKind): string {
  return (
    `a ${kind.noun} is named by its id or its ${kind.nameWord} (${kind.example}), matched exactly; digits are always an id. ` +
    `A ${kind.nameWord} costs one read of \`shorty ${kind.group} list\` (one request per ${BULK_PAGE_SIZE} ${kind.noun}s), ` +
    `for every ${kind.nameWord} of the command at once; a ${kind.nameWord} that several ${kind.noun}s have is refused, ` +
    `listing their ids (exit 2); one that none has is exit 1`
  );
}
