import { Argument, type Command } from 'commander';
import { BULK_PAGE_SIZE, paginate } from '../../api/paginate.js';
import { LIST_ENDPOINTS } from '../../cache/observe.js';
import { NAME_RESOURCES, type NameResource } from '../../cache/paths.js';
import { findScopeDir } from '../../cache/scope-ids.js';
import { type CacheMeta, readMeta } from '../../cache/store.js';
import type { Context } from '../../context.js';
import { confirmCost } from '../../consent.js';
import { requireApiKey, requireBaseUrl } from '../../settings/base-url.js';
import { action, examples, notes, type RunF } from '../shared/action.js';
import { verb } from '../shared/group.js';
import { answers } from '../shared/surface.js';
import { REFRESH_FIELDS } from './fields.js';

/** What run() takes: the argument as the parser fills it. @public */
export interface RefreshOptions {
  /** The lists to read; none: all. */
  resources: string[];
}

export function register(cache: Command, ctx: Context, runF: RunF<RefreshOptions> = run): void {
  const refresh = verb(
    cache,
    'refresh',
    `read every list in pages of ${BULK_PAGE_SIZE} into the name cache: one request per ${BULK_PAGE_SIZE} names of each (asks first on a terminal)`,
  )
    .addArgument(new Argument('[resource...]', `${NAME_RESOURCES.join(', ')} (default: all)`).choices(NAME_RESOURCES))
    .action(action(ctx, (resources: string[]) => runF({ resources }, ctx)));
  answers(refresh, REFRESH_FIELDS);
  notes(
    refresh,
    'States its cost first, from the sizes of the last lists read (at least one request per list), ' +
      'and asks on a terminal; -y skips the question. Prints what it read: resource, names, requests.',
  );
  examples(refresh, 'shorty cache refresh', 'shorty cache refresh links -y', 'shorty cache refresh campaigns channels');
}

/** The requests a whole read of each list costs, from its size when last read whole (or the names known). */
function estimate(resources: NameResource[], cache: CacheMeta | undefined) {
  return resources.map((resource) => {
    const known = Math.max(cache?.totals[resource] ?? 0, cache?.counts[resource] ?? 0);
    const seen = cache?.totals[resource] !== undefined || known > 0;
    return { resource, known: seen ? known : undefined, requests: Math.max(1, Math.ceil(known / BULK_PAGE_SIZE)) };
  });
}

/**
 * @public the verb's seam: parsed options and a context, no parser. Reads each list whole; the
 * name cache records the pages as every command's do, and replaces each list's names when its
 * last page came (written at the end).
 */
export async function run({ resources: asked }: RefreshOptions, ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const baseUrl = requireBaseUrl(settings);
  const apiKey = requireApiKey(settings);
  const resources = asked.length ? [...new Set(asked as NameResource[])] : [...NAME_RESOURCES];
  const dir = findScopeDir(settings.configDir, { profile: settings.profile, baseUrl, apiKey });
  const plan = estimate(resources, dir ? readMeta(dir) : undefined);
  const total = plan.reduce((sum, p) => sum + p.requests, 0);
  const names = (n: number) => `${n.toLocaleString('en-US')} name${n === 1 ? '' : 's'}`;
  const parts = plan.map(
    (p) => `${p.resource} ${p.requests}${p.known === undefined ? '+ (never read)' : ` (${names(p.known)})`}`,
  );
  ctx.io.stderr.write(
    `refreshing the name cache of profile "${settings.profile}": about ${total} list request${total === 1 ? '' : 's'}, ` +
      `one per ${BULK_PAGE_SIZE} names: ${parts.join(', ')}\n`,
  );
  await confirmCost(ctx, 'nothing read', `Send about ${total} request${total === 1 ? '' : 's'}?`);
  const api = await ctx.api();
  const rows: Record<string, unknown>[] = [];
  for (const resource of resources) {
    const { path, keys } = LIST_ENDPOINTS[resource];
    let names = 0;
    let requests = 0;
    for await (const page of paginate(api, path, { keys, limit: BULK_PAGE_SIZE, all: true })) {
      names += page.items.length;
      requests += 1;
    }
    rows.push({ resource, names, requests });
  }
  const view = { columns: [...REFRESH_FIELDS], fields: REFRESH_FIELDS, quiet: 'names' };
  await (await ctx.printer()).list(rows, view);
}
