// `<group> delete <id...>` of a resource: every argument checked (names looked up) and consent
// obtained before the first request, then one request per item. See ../resource.ts for why run
// takes the resource first.
import type { Command } from 'commander';
import type { Context } from '../../../context.js';
import { checkConsentPossible, DELETION } from '../../../consent.js';
import { action, examples, notes } from '../action.js';
import { deleteMany } from '../delete.js';
import { eachAnswers } from '../each.js';
import { verb } from '../group.js';
import { checkNamedArgs, resolveIds } from '../../../ops/names.js';
import { namedHelp } from '../named-help.js';
import type { Deletable } from '../resource.js';

/** What run() takes: the arguments as the parser fills them. @public */
export interface DeleteOptions {
  /** The records: each by its id, or by its name where the resource has names. */
  targets: string[];
}

export function register(parent: Command, ctx: Context, res: Deletable, description: string): Command {
  const { named } = res;
  const remove = verb(
    parent,
    `delete <${named?.usage ?? 'id'}...>`,
    `${description}; asks first on a terminal, -y to skip (required in scripts)`,
  ).action(action(ctx, (targets: string[]) => run(res, { targets }, ctx)));
  eachAnswers(remove);
  if (named) notes(remove, `<${named.usage}>: ${namedHelp(named)}.`);
  return examples(
    remove,
    `shorty ${res.group} delete 4`,
    `shorty ${res.group} rm 4 5 6 -y`,
    `shorty ${res.group} rm 4 5 -y --json`,
    ...(named ? [`shorty ${res.group} rm ${named.example} -y`] : []),
  );
}

/** @public the verb's seam: the resource it is bound to, parsed options and a context, no parser. */
export async function run(res: Deletable, opts: DeleteOptions, ctx: Context): Promise<void> {
  const { named } = res;
  const resolve =
    named &&
    (async (args: string[]) => {
      // A name is looked up before consent is asked: without a terminal or -y, refuse first.
      if (checkNamedArgs(named, args).names) checkConsentPossible(ctx, DELETION);
      return resolveIds(ctx, named, args);
    });
  await deleteMany(ctx, { ids: opts.targets, noun: res.noun, path: res.deletePath, resolve });
}
