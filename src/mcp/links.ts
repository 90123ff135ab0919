// The link tools: list, get (with how it performs), stats, add one or several, update, delete.
// Links are named as the CLI names them (id, alias or short URL: commands/urls/reference.ts),
// bodies made by the CLI's own mapping (input/link-body.ts), records by its record mapping.
import { z } from './sdk.js';
import { LISTS } from '../api/lists.js';
import { type Page, paginate } from '../api/paginate.js';
import type { Context } from '../context.js';
import { ApiError, UsageError } from '../errors.js';
import { profileDomain } from '../input/domain.js';
import { linkBodyFromFlags } from '../input/link-body.js';
import { parseLinkRef } from '../input/link-ref.js';
import { LINK_STATS_FIELDS, linkRecord, mergedRecord } from '../input/link-record.js';
import { withoutError } from '../output/fields.js';
import { namedLinkOptions } from '../commands/urls/link-options.js';
import { fetchLinkDetail, linkIds, resolveLink } from '../commands/urls/reference.js';
import { eachId, eachOutcome } from './each.js';
import { linkFlags, linkOptions } from './link-input.js';
import { eachOutput, listInput, listOutput, pageAnswer, record, recordOutput, ref } from './schemas.js';
import { listNewestTool, maybeCreatedItem } from '../commands/urls/maybe-created.js';
import { tool } from './tool.js';

const LINK = ref('the link: its id (42), alias (spring) or short URL (https://sho.rt/spring)');

async function linkOf(ctx: Context, answer: Record<string, unknown>, sent?: Record<string, unknown>) {
  return linkRecord(withoutError(answer), { baseUrl: (await ctx.settings()).baseUrl, sent });
}

const list = tool({
  name: 'links_list',
  title: 'List short links',
  description:
    'List your short links one page at a time, newest first or by clicks: id, alias, short URL, long URL, clicks.',
  effect: 'read',
  idempotent: true,
  input: {
    ...listInput,
    order: z.enum(['date', 'click']).optional().describe('newest first (date) or most clicked first'),
  },
  output: listOutput,
  run: async (args, ctx) => {
    const { baseUrl } = await ctx.settings();
    const query = { order: args.order };
    const pages = paginate(await ctx.api(), LISTS.urls.path, {
      keys: LISTS.urls.keys,
      limit: args.limit,
      page: args.page,
      query,
    });
    const page = (await pages.next()).value as Page | undefined;
    const items = (page?.items ?? []).map((item) => linkRecord(item, { baseUrl }));
    return pageAnswer(page, items);
  },
});

const get = tool({
  name: 'links_get',
  title: 'Get a short link',
  description:
    'Show one link with all its settings and how it performs (clicks by country, referrer, browser, system), ' +
    'named by id, alias or short URL.',
  effect: 'read',
  idempotent: true,
  input: { link: LINK },
  output: recordOutput,
  run: async (args, ctx) => ({ record: await linkOf(ctx, await fetchLinkDetail(ctx, parseLinkRef(args.link))) }),
});

const STATS_FIELDS = ['id', 'alias', 'shorturl', 'longurl', 'clicks', 'uniqueclicks', ...LINK_STATS_FIELDS];

const stats = tool({
  name: 'links_stats',
  title: 'Click statistics of a link',
  description:
    'How a link performs: clicks, unique clicks, and clicks by country, referrer, browser, system and social network ' +
    '(each an object of name -> clicks), as `shorty urls get` shows them.',
  effect: 'read',
  idempotent: true,
  input: { link: LINK },
  output: { stats: record },
  run: async (args, ctx) => {
    const full = await linkOf(ctx, await fetchLinkDetail(ctx, parseLinkRef(args.link)));
    return { stats: Object.fromEntries(STATS_FIELDS.filter((f) => f in full).map((f) => [f, full[f]])) };
  },
});

const add = tool({
  name: 'links_add',
  title: 'Shorten URLs',
  description:
    'Create a short link for each long URL, all with the same options (alias, expiry, targeting, pixels...): one ' +
    'request each; returns each link as created, or why it was not.',
  effect: 'write',
  idempotent: false,
  input: { urls: z.array(z.string().min(1)).min(1).describe('the long URLs, one link each'), ...linkOptions },
  output: eachOutput,
  run: async (args, ctx) => {
    const flags = linkFlags(args);
    if (args.urls.length > 1 && flags.custom !== undefined)
      throw new UsageError(`custom takes one long URL, not ${args.urls.length}: an alias names one link`);
    const now = ctx.now();
    const named = namedLinkOptions(ctx, flags);
    const build = (given: typeof flags) =>
      args.urls.map((url) => linkBodyFromFlags({ ...given, url }, { requireUrl: true, creating: true, now }));
    build(named.ids);
    const bodies = build(await named.resolve());
    ctx.secrets.add(bodies[0].password);
    const fallback = bodies[0].domain === undefined ? profileDomain((await ctx.settings()).domain) : undefined;
    if (fallback) for (const body of bodies) body.domain = fallback.url;
    const api = await ctx.api();
    return eachOutcome(
      bodies,
      (body) => body.url ?? null,
      async (body) => {
        try {
          return await linkOf(ctx, await api.call('POST', '/url/add', { body }), { ...body });
        } catch (err) {
          // An answer lost after the send: that link's own failure, saying it may exist; the rest go on.
          throw maybeCreatedItem(err, bodies.length - bodies.indexOf(body), listNewestTool);
        }
      },
    );
  },
});

/** The options of an update that change where the link's visitors go (or whether it leads anywhere). */
const RETARGETING = {
  url: 'long URL',
  geo: 'geo targets',
  device: 'device targets',
  language: 'language targets',
  deeplinkApple: 'App Store deep link',
  deeplinkGoogle: 'Google Play deep link',
  param: 'URL parameters',
  type: 'redirect type',
  domain: 'domain',
  expiry: 'expiry',
} as const;

function retargeting(link: string, args: Record<string, unknown>): string | undefined {
  const changed = Object.entries(RETARGETING).filter(([key]) => args[key] !== undefined);
  if (changed.length === 0) return undefined;
  const what = changed.map(([key, name]) => (key === 'url' ? `${name} to ${String(args.url)}` : name));
  return `change where the link ${link} leads: its ${what.join(', ')}`;
}

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const update = tool({
  name: 'links_update',
  title: 'Update a short link',
  description:
    'Change a link named by id, alias or short URL: give only what changes (url for a new long URL). Returns the link as changed.',
  effect: 'write',
  idempotent: true,
  input: { link: LINK, url: z.string().optional().describe('new long URL'), ...linkOptions },
  output: recordOutput,
  retargets: (args) => retargeting(args.link, args),
  run: async (args, ctx) => {
    const linkRef = parseLinkRef(args.link);
    const now = ctx.now();
    const given = { ...linkFlags(args), url: args.url };
    const named = namedLinkOptions(ctx, given);
    const check = linkBodyFromFlags(named.ids, { requireUrl: false, creating: false, now });
    if (Object.keys(check).length === 0 && !given.pixel?.length && given.channel === undefined)
      throw new UsageError('nothing to update', 'give url or at least one link option');
    const fields = linkBodyFromFlags(await named.resolve(), { requireUrl: false, creating: false, now });
    ctx.secrets.add(fields.password);
    const { id, detail } = await resolveLink(ctx, linkRef);
    const api = await ctx.api();
    // The API needs the long URL on every update: the current one is read when none is given.
    const before =
      fields.url === undefined || detail ? await linkOf(ctx, detail ?? (await api.call('GET', `/url/${id}`))) : {};
    for (const field of LINK_STATS_FIELDS) delete before[field];
    const url = fields.url ?? before.longurl;
    if (typeof url !== 'string' || url === '')
      throw new ApiError(`could not read the current long URL of link ${id}`, { hint: 'give it as url' });
    const answer = await api.call('PUT', `/url/${id}/update`, { body: { url, ...fields } });
    return { record: mergedRecord(before, await linkOf(ctx, { id, ...answer }, { ...fields, url })) };
  },
});

const remove = tool({
  name: 'links_delete',
  title: 'Delete short links',
  description:
    'Delete links named by id, alias or short URL; every link is found before the first is deleted. Returns each deletion.',
  effect: 'destructive',
  idempotent: true,
  input: { links: z.array(LINK).min(1) },
  output: eachOutput,
  plan: (args) => `delete ${counted(args.links.length, 'link')}: ${args.links.join(', ')}`,
  run: async (args, ctx) => {
    const ids = await linkIds(ctx, args.links.map(parseLinkRef));
    const api = await ctx.api();
    return eachId(ids, (id) => api.call('DELETE', `/url/${id}/delete`));
  },
});

export const LINK_TOOLS = [list, get, stats, add, update, remove];
