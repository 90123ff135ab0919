// The tools of a resource that has names (campaigns, channels, pixels, QR codes, domains), made
// from one declaration: list, get, add, update, delete, and assign where the CLI has it; overlays
// and splash pages list and get only. Reads, writes and names go through the operations (src/ops/).
import { type Infer, type ZodObject, type ZodRawShape, z } from './sdk.js';
import type { Context } from '../context.js';
import type { Assignment } from '../ops/assign.js';
import { type NamedKind, resolveIds } from '../ops/names.js';
import { getResource, listResource, type ResourceKind } from '../ops/resources.js';
import { TOOL_WORDS } from './words.js';
import type { Data } from './result.js';
import { deleteEach, eachOutcome } from '../ops/each.js';
import { collectOutcomes } from './each.js';
import { eachOutput, listInput, listOutput, recordOutput, ref } from './schemas.js';
import { tool, type ToolSpec } from './tool.js';

type Shape = ZodRawShape;

interface Adder<S extends Shape> {
  input: S;
  /** The operation: the body checked with the CLI's rules (a UsageError before any request), sent, its record. */
  run(ctx: Context, args: Infer<ZodObject<S>>): Promise<Data>;
}

interface Updater<S extends Shape> {
  input: S;
  /** The operation on the item `target` names, as for add. */
  run(ctx: Context, target: string, args: Infer<ZodObject<S>>): Promise<Data>;
  /** What the update changes of where visitors go, if anything (confirmed as a delete is). */
  retargets?(target: string, args: Record<string, unknown>): string | undefined;
}

interface Assigner {
  input: Shape;
  describe: string;
  /** The items named by the arguments, for the user to confirm: `2 links (spring, 42)`. */
  moved(args: Record<string, unknown>): string;
  /** The operation: the arguments checked, the target and the items looked up, the request of each. */
  assignment(ctx: Context, target: string, args: Record<string, unknown>): Promise<Assignment>;
}

/** What reading a resource takes: list and get (overlays and splash pages have no more). */
export interface ReadDeclaration {
  /** Prefix of the tool names: `campaigns` → campaigns_list, campaigns_get... */
  prefix: string;
  /** Plural for descriptions: `campaigns`, `QR codes`. */
  plural: string;
  /** A sentence on what one is, for a model choosing among tools. */
  about: string;
  /** How it is named, and its record's fields: the commands' own. */
  kind: ResourceKind;
}

export interface ResourceDeclaration extends ReadDeclaration {
  /** The word of the item's own paths: `/campaign/4/update`. */
  path: string;
  add: Adder<Shape>;
  update: Updater<Shape>;
  assign?: Assigner;
}

const which = (named: NamedKind) =>
  ref(`the ${named.noun}: its id, or its ${named.nameWord} (matched exactly, case included)`);

export function readTools(d: ReadDeclaration): ToolSpec[] {
  const { noun } = d.kind.named;
  return [
    tool({
      name: `${d.prefix}_list`,
      title: `List ${d.plural}`,
      description: `List ${d.plural} (${d.about}), one page at a time: ids, names and settings.`,
      effect: 'read',
      idempotent: true,
      input: listInput,
      output: listOutput,
      run: async (args, ctx) => ({ ...(await listResource(ctx, d.kind, args)) }),
    }),
    tool({
      name: `${d.prefix}_get`,
      title: `Get a ${noun}`,
      description: `Show one ${noun} by id or ${d.kind.named.nameWord}.`,
      effect: 'read',
      idempotent: true,
      input: { target: which(d.kind.named) },
      output: recordOutput,
      run: async (args, ctx) => ({ record: await getResource(ctx, d.kind, args.target, TOOL_WORDS) }),
    }),
  ];
}

export function resourceTools(d: ResourceDeclaration): ToolSpec[] {
  const { named } = d.kind;
  const { noun } = named;
  const tools: ToolSpec[] = [
    ...readTools(d),
    tool({
      name: `${d.prefix}_add`,
      title: `Add a ${noun}`,
      description: `Create a ${noun}; returns it as created.`,
      effect: 'write',
      idempotent: false,
      input: d.add.input,
      output: recordOutput,
      run: async (args, ctx) => ({ record: await d.add.run(ctx, args) }),
    }),
    tool({
      name: `${d.prefix}_update`,
      title: `Update a ${noun}`,
      description: `Change a ${noun} named by id or ${named.nameWord}; give only what changes.`,
      effect: 'write',
      idempotent: true,
      input: { target: which(named), ...d.update.input },
      output: recordOutput,
      retargets: d.update.retargets && (({ target, ...args }) => d.update.retargets?.(String(target), args)),
      run: async ({ target, ...args }, ctx) => ({ record: await d.update.run(ctx, String(target), args) }),
    }),
    tool({
      name: `${d.prefix}_delete`,
      title: `Delete ${d.plural}`,
      description: `Delete ${d.plural} named by id or ${named.nameWord}; returns what was deleted, one result each.`,
      effect: 'destructive',
      idempotent: true,
      input: { targets: z.array(which(named)).min(1).describe(`the ${d.plural} to delete`) },
      output: eachOutput,
      plan: (args) =>
        `delete ${(args.targets as string[]).length} ${d.plural}: ${(args.targets as string[]).join(', ')}`,
      run: async (args, ctx) => {
        const ids = await resolveIds(ctx, named, args.targets, TOOL_WORDS);
        const api = await ctx.api();
        const deletions = deleteEach(api, ids, (id) => `/${d.path}/${id}/delete`);
        return collectOutcomes(deletions, (id) => id);
      },
    }),
  ];
  const { assign } = d;
  if (assign) {
    tools.push(
      tool({
        name: `${d.prefix}_assign`,
        title: `Assign to a ${noun}`,
        description: assign.describe,
        effect: 'write',
        idempotent: true,
        input: { target: which(named), ...assign.input },
        output: eachOutput,
        // An item belongs to one campaign or channel: assigning it here takes it from where it was.
        moves: ({ target, ...args }) => `move ${assign.moved(args)} to the ${noun} ${String(target)}`,
        run: async ({ target, ...args }, ctx) => {
          const { ids, send } = await assign.assignment(ctx, String(target), args);
          return collectOutcomes(eachOutcome(ids, send), (id) => id);
        },
      }),
    );
  }
  return tools;
}
