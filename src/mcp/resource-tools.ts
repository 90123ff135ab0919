// The tools of a resource that has names (campaigns, channels, pixels, QR codes, domains), made
// from one declaration: list, get, add, update, delete, and assign where the CLI has it. Names go
// through the CLI's own resolution (commands/shared/resolve-name.ts), requests through ctx.api().
import { type Infer, type ZodObject, type ZodRawShape, z } from './sdk.js';
import { type Page, paginate } from '../api/paginate.js';
import type { Context } from '../context.js';
import { asRecord, findInList, type Resource } from '../commands/shared/resource.js';
import { listedOf, type NamedKind, resolveIds, resolveNamed } from '../commands/shared/resolve-name.js';
import type { Data } from './result.js';
import { eachOutcome, eachId } from './each.js';
import { eachOutput, listInput, listOutput, pageAnswer, recordOutput, ref } from './schemas.js';
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

export interface ResourceDeclaration {
  /** Prefix of the tool names: `campaigns` → campaigns_list, campaigns_get... */
  prefix: string;
  /** Plural for descriptions: `campaigns`, `QR codes`. */
  plural: string;
  /** A sentence on what one is, for a model choosing among tools. */
  about: string;
  named: NamedKind;
  /** The word of the item's own paths: `/campaign/4/update`. */
  path: string;
  mapItem?: (item: Data) => Data;
  add: Writer<Shape>;
  update: Writer<Shape>;
  assign?: Assigner;
}

const resourceOf = (d: ResourceDeclaration): Resource => ({
  ...listedOf(d.named),
  named: d.named,
  view: { columns: [], fields: [] },
  mapItem: d.mapItem,
});

async function record(ctx: Context, d: ResourceDeclaration, arg: string): Promise<Data> {
  const [{ id, item }] = await resolveNamed(ctx, d.named, [arg]);
  return item ? asRecord(resourceOf(d), item) : findInList(ctx, resourceOf(d), id);
}

export function resourceTools(d: ResourceDeclaration): ToolSpec[] {
  const { noun } = d.named;
  const which = ref(`the ${noun}: its id, or its ${d.named.nameWord} (matched exactly, case included)`);
  const tools: ToolSpec[] = [
    tool({
      name: `${d.prefix}_list`,
      title: `List ${d.plural}`,
      description: `List ${d.plural} (${d.about}), one page at a time: ids, names and settings.`,
      effect: 'read',
      idempotent: true,
      input: listInput,
      output: listOutput,
      run: async (args, ctx) => {
        const pages = paginate(await ctx.api(), d.named.list.path, {
          keys: d.named.list.keys,
          limit: args.limit,
          page: args.page,
        });
        const page = (await pages.next()).value as Page | undefined;
        const items = (page?.items ?? []).map((item) => asRecord(resourceOf(d), item));
        return pageAnswer(page, items);
      },
    }),
    tool({
      name: `${d.prefix}_get`,
      title: `Get a ${noun}`,
      description: `Show one ${noun} by id or ${d.named.nameWord}.`,
      effect: 'read',
      idempotent: true,
      input: { target: which },
      output: recordOutput,
      run: async (args, ctx) => ({ record: await record(ctx, d, args.target) }),
    }),
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
        return { record: asRecord(resourceOf(d), { ...body, ...answer }) };
      },
    }),
    tool({
      name: `${d.prefix}_update`,
      title: `Update a ${noun}`,
      description: `Change a ${noun} named by id or ${d.named.nameWord}; give only what changes.`,
      effect: 'write',
      idempotent: true,
      input: { target: which, ...d.update.input },
      output: recordOutput,
      retargets: d.update.retargets && (({ target, ...args }) => d.update.retargets?.(String(target), args)),
      run: async ({ target, ...args }, ctx) => {
        const body = d.update.body(args);
        const [{ id, item }] = await resolveNamed(ctx, d.named, [String(target)]);
        const current = async () => (item ? asRecord(resourceOf(d), item) : findInList(ctx, resourceOf(d), id));
        await d.update.complete?.(body, current);
        const answer = await (await ctx.api()).call('PUT', `/${d.path}/${id}/update`, { body });
        return { record: asRecord(resourceOf(d), { id, ...body, ...answer }) };
      },
    }),
    tool({
      name: `${d.prefix}_delete`,
      title: `Delete ${d.plural}`,
      description: `Delete ${d.plural} named by id or ${d.named.nameWord}; returns what was deleted, one result each.`,
      effect: 'destructive',
      idempotent: true,
      input: { targets: z.array(which).min(1).describe(`the ${d.plural} to delete`) },
      output: eachOutput,
      plan: (args) =>
        `delete ${(args.targets as string[]).length} ${d.plural}: ${(args.targets as string[]).join(', ')}`,
      run: async (args, ctx) => {
        const ids = await resolveIds(ctx, d.named, args.targets);
        const api = await ctx.api();
        return eachId(ids, (id) => api.call('DELETE', `/${d.path}/${id}/delete`));
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
        input: { target: which, ...assign.input },
        output: eachOutput,
        // An item belongs to one campaign or channel: assigning it here takes it from where it was.
        moves: ({ target, ...args }) => `move ${assign.moved(args)} to the ${noun} ${String(target)}`,
        run: async ({ target, ...args }, ctx) => {
          const [id] = await resolveIds(ctx, d.named, [String(target)]);
          const api = await ctx.api();
          const items = await assign.targets(ctx, args, id);
          return eachOutcome(
            items,
            (item) => item.id,
            (item) => api.call('POST', item.path),
          );
        },
      }),
    );
  }
  return tools;
}
