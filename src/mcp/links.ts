// The link tools: list, get (with how it performs), stats, add one or several, update, delete,
// each the schema of its arguments over the link operations (src/ops/links.ts).
import { z } from './sdk.js';
import { addLinks, deleteLinks, getLink, linkStats, listLinks, prepareLinks, prepareUpdate } from '../ops/links.js';
import { count } from '../ops/each.js';
import { collectOutcomes } from './each.js';
import { linkFlags, linkOptions } from './link-input.js';
import { eachOutput, listInput, listOutput, record, recordOutput, ref, warningsOutput } from './schemas.js';
import { tool } from './tool.js';
import { TOOL_WORDS } from './words.js';

const LINK = ref('the link: its id (42), alias (spring) or short URL (https://sho.rt/spring)');

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
  run: async (args, ctx) => ({ ...(await listLinks(ctx, args)) }),
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
  run: async (args, ctx) => ({ record: await getLink(ctx, args.link) }),
});

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
  run: async (args, ctx) => ({ stats: await linkStats(ctx, args.link) }),
});

const add = tool({
  name: 'links_add',
  title: 'Shorten URLs',
  description:
    'Create a short link for each long URL, all with the same options (alias, expiry, targeting, pixels...): one ' +
    'request each; returns each link as created, or why it was not, and warnings (a user name or password in a URL).',
  effect: 'write',
  idempotent: false,
  input: { urls: z.array(z.string().min(1)).min(1).describe('the long URLs, one link each'), ...linkOptions },
  output: { ...eachOutput, ...warningsOutput },
  run: async (args, ctx) => {
    const { bodies, warnings } = await prepareLinks(ctx, args.urls, linkFlags(args), TOOL_WORDS).resolve();
    const outcomes = await collectOutcomes(addLinks(ctx, bodies, TOOL_WORDS), (body) => body.url ?? null);
    return { ...outcomes, ...(warnings.length > 0 ? { warnings } : {}) };
  },
});

/** The options of an update that change where the link's visitors go (or whether it leads anywhere). */
const RETARGETING = {
  url: 'long URL',
  geo: 'geo targets',
  device: 'device targets',
  language: 'language targets',
  geoAdd: 'geo targets',
  deviceAdd: 'device targets',
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

const update = tool({
  name: 'links_update',
  title: 'Update a short link',
  description:
    'Change a link named by id, alias or short URL: give only what changes (url for a new long URL). Returns the link as changed.',
  effect: 'write',
  idempotent: true,
  input: {
    link: LINK,
    url: z.string().optional().describe('new long URL'),
    ...linkOptions,
    geoAdd: z
      .array(z.string())
      .optional()
      .describe("geo targets added to the link's (geo replaces them all), each LOCATION=URL"),
    deviceAdd: z
      .array(z.string())
      .optional()
      .describe("device targets added to the link's (device replaces them all), each DEVICE=URL"),
  },
  output: { ...recordOutput, ...warningsOutput },
  retargets: (args) => retargeting(args.link, args),
  run: async (args, ctx) => {
    const flags = { ...linkFlags(args), url: args.url, geoAdd: args.geoAdd, deviceAdd: args.deviceAdd };
    const ready = await prepareUpdate(ctx, args.link, flags, TOOL_WORDS).resolve();
    const { record, warnings } = await ready.send();
    const all = [...ready.warnings, ...warnings];
    return { record, ...(all.length > 0 ? { warnings: all } : {}) };
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
  plan: (args) => `delete ${count(args.links.length, 'link')}: ${args.links.join(', ')}`,
  run: async (args, ctx) => collectOutcomes(await deleteLinks(ctx, args.links), (id) => id),
});

export const LINK_TOOLS = [list, get, stats, add, update, remove];
