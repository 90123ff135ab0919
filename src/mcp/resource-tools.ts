// The tools of a resource that has names (campaigns, channels, pixels, QR codes, domains), made
// from one declaration: list, get, add, update, delete, and assign where the CLI has it; overlays
// and splash pages list and get only. Reads and names go through the operations (src/ops/).
import { type Infer, type ZodObject, type ZodRawShape, z } from './sdk.js';
import type { Context } from '../context.js';
import { type NamedKind, resolveIds, resolveNamed } from '../ops/names.js';
import { findInList, getResource, listResource, recordOf, type ResourceKind } from '../ops/resources.js';
import { TOOL_WORDS } from './words.js';
import type { Data } from './result.js';
import { distinct, eachOutcome } from '../ops/each.js';
import { collectOutcomes } from './each.js';
import { eachOutput, listInput, listOutput, recordOutput, ref } from './schemas.js';
import { tool, type ToolSpec } from './tool.js';

type Shape = ZodRawShape;

interface Writer<S extends Shape> {
  input: S;
  /** The request body, checked with the CLI's validators (a UsageError before any request). */
  body(args: Infer<ZodObject<S>>): Record<string, unknown>;
  /** Update only: fills in what the service needs on every update from the current record. */
  complete?(body: Record<string, unknown>, current: () => Promise<Data>): Promise<void>;
  /** Update only: what the update changes of where visitors go, if anything (confirmed as a delete is). */
  retargets?(target: string, args: Record<string, unknown>): string | undefined;
}

interface Assigner {
  input: Shape;
  describe: string;
  /** The items named by the arguments, for the user to confirm: `2 links (spring, 42)`. */
  moved(args: Record<string, unknown>): string;
  /** The paths of the requests, one per item, with the items named by the arguments. */
  targets(ctx: Context, args: Record<string, unknown>, target: number): Promise<{ id: number; path: string }[]>;
}

/** What reading a resource takes: list and get (overlays and splash pages have no more). */
export interface ReadDeclaration {
  /** Prefix of the tool names: `campaigns` → campaigns_list, campaigns_get... */
  prefix: string;
  /** Plural for descriptions: `campaigns`, `QR codes`. */
  plural: string;
  /** A sentence on what one is, for a model choosing among tools. */
  about: string;
  named: NamedKind;
  mapItem?: (item: Data) => Data;
}

export interface ResourceDeclaration extends ReadDeclaration {
  /** The word of the item's own paths: `/campaign/4/update`. */
  path: string;
  add: Writer<Shape>;
  update: Writer<Shape>;
  assign?: Assigner;
}

const kindOf = (d: ReadDeclaration): ResourceKind => ({ named: d.named, fields: [], mapItem: d.mapItem });

const which = (named: NamedKind) =>
  ref(`the ${named.noun}: its id, or its ${named.nameWord} (matched exactly, case included)`);

export function readTools(d: ReadDeclaration): ToolSpec[] {
  const { noun } = d.named;
  return [
    tool({
      name: `${d.prefix}_list`,
      title: `List ${d.plural}`,
      description: `List ${d.plural} (${d.about}), one page at a time: ids, names and settings.`,
      effect: 'read',
      idempotent: true,
      input: listInput,
      output: listOutput,
      run: async (args, ctx) => ({ ...(await listResource(ctx, kindOf(d), args)) }),
    }),
    tool({
      name: `${d.prefix}_get`,
      title: `Get a ${noun}`,
      description: `Show one ${noun} by id or ${d.named.nameWord}.`,
      effect: 'read',
      idempotent: true,
      input: { target: which(d.named) },
      output: recordOutput,
      run: async (args, ctx) => ({ record: await getResource(ctx, kindOf(d), args.target, TOOL_WORDS) }),
    }),
  ];
}

export function resourceTools(d: ResourceDeclaration): ToolSpec[] {
  const { noun } = d.named;
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
      run: async (args, ctx) => {
        const body = d.add.body(args);
        const answer = await (await ctx.api()).call('POST', `/${d.path}/add`, { body });
        return { record: recordOf(kindOf(d), { ...body, ...answer }) };
      },
    }),
    tool({
      name: `${d.prefix}_update`,
      title: `Update a ${noun}`,
      description: `Change a ${noun} named by id or ${d.named.nameWord}; give only what changes.`,
      effect: 'write',
      idempotent: true,
      input: { target: which(d.named), ...d.update.input },
      output: recordOutput,
      retargets: d.update.retargets && (({ target, ...args }) => d.update.retargets?.(String(target), args)),
      run: async ({ target, ...args }, ctx) => {
        const body = d.update.body(args);
        const [{ id, item }] = await resolveNamed(ctx, d.named, [String(target)], TOOL_WORDS);
        const current = async () => (item ? recordOf(kindOf(d), item) : findInList(ctx, kindOf(d), id, TOOL_WORDS));
        await d.update.complete?.(body, current);
        const answer = await (await ctx.api()).call('PUT', `/${d.path}/${id}/update`, { body });
        return { record: recordOf(kindOf(d), { id, ...body, ...answer }) };
      },
    }),
    tool({
      name: `${d.prefix}_delete`,
      title: `Delete ${d.plural}`,
      description: `Delete ${d.plural} named by id or ${d.named.nameWord}; returns what was deleted, one result each.`,
      effect: 'destructive',
      idempotent: true,
      input: { targets: z.array(which(d.named)).min(1).describe(`the ${d.plural} to delete`) },
      output: eachOutput,
      plan: (args) =>
        `delete ${(args.targets as string[]).length} ${d.plural}: ${(args.targets as string[]).join(', ')}`,
      run: async (args, ctx) => {
        const ids = await resolveIds(ctx, d.named, args.targets, TOOL_WORDS);
        const api = await ctx.api();
        const deletions = eachOutcome(distinct(ids), (id) => api.call('DELETE', `/${d.path}/${id}/delete`));
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
        input: { target: which(d.named), ...assign.input },
        output: eachOutput,
        // An item belongs to one campaign or channel: assigning it here takes it from where it was.
        moves: ({ target, ...args }) => `move ${assign.moved(args)} to the ${noun} ${String(target)}`,
        run: async ({ target, ...args }, ctx) => {
          const [id] = await resolveIds(ctx, d.named, [String(target)], TOOL_WORDS);
          const api = await ctx.api();
          const items = await assign.targets(ctx, args, id);
          const outcomes = eachOutcome(items, (item) => api.call('POST', item.path));
          return collectOutcomes(outcomes, (item) => item.id);
        },
      }),
    );
  }
  return tools;
}
