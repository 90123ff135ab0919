// The resources with names, declared once each: what their add and update take, and the checks
// the CLI makes of them (the same validators: a bad value is refused before any request).
import { z } from './sdk.js';
import { PIXEL_TYPES, QR_TYPES } from '../api/types.js';
import { parseDomain } from '../input/domain.js';
import { parseLinkRef } from '../input/link-ref.js';
import { type QrFlags, qrBodyFromFlags } from '../input/qr-body.js';
import { parseId } from '../input/validate.js';
import {
  type ChannelInput,
  channelBody as channelRules,
  keepCampaignName,
  keepPixelTag,
  nothingToUpdate as nothingToUpdateIn,
  type RedirectInput,
  redirectBody as redirectRules,
} from '../ops/resource-rules.js';
import { TOOL_WORDS } from './words.js';
import { CAMPAIGN_NAMES, CHANNEL_NAMES, DOMAIN_NAMES, PIXEL_NAMES, QR_NAMES, resolveIds } from '../ops/names.js';
import { linkIds } from '../ops/link-ref.js';
import { type ReadDeclaration, type ResourceDeclaration, readTools, resourceTools } from './resource-tools.js';
import { OVERLAYS, SPLASH_PAGES } from '../ops/resources.js';
import type { ToolSpec } from './tool.js';

const LINK_REF = 'a link: its id (42), alias (spring) or short URL (https://sho.rt/spring)';
/** `2 links: spring, 42`, as a confirmation names them. */
const itemsNamed = (items: readonly string[], noun: string) =>
  `${items.length} ${noun}${items.length === 1 ? '' : 's'}: ${items.join(', ')}`;
const links = z.array(z.string().min(1)).min(1).describe(`the links, each ${LINK_REF}`);

/** A body of the keys given, `undefined` ones left out. */
const defined = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));

const nothingToUpdate = (body: Record<string, unknown>, keys: readonly string[]) =>
  nothingToUpdateIn(body, keys, TOOL_WORDS);

const campaignInput = {
  slug: z.string().min(1).optional().describe('rotator slug: one address that rotates through the campaign links'),
  public: z.boolean().optional().describe('whether the campaign list is public'),
};

const CAMPAIGNS: ResourceDeclaration = {
  prefix: 'campaigns',
  plural: 'campaigns',
  about: 'groups of links with an optional rotator address',
  named: CAMPAIGN_NAMES,
  path: 'campaign',
  // Servers answer the name under `name`, `campaign` or `domain`: shown under `name`, as the CLI does.
  mapItem: (item) => (item.name === undefined ? { ...item, name: CAMPAIGN_NAMES.nameOf(item) } : item),
  add: { input: { name: z.string().min(1), ...campaignInput }, body: (args) => defined(args) },
  update: {
    input: { name: z.string().min(1).optional().describe('new name'), ...campaignInput },
    body: (args) => nothingToUpdate(defined(args), ['name', 'slug', 'public']),
    complete: keepCampaignName,
  },
  assign: {
    describe: "Add links to a campaign (one request per link); returns each link's outcome.",
    input: { links },
    moved: (args) => itemsNamed(args.links as string[], 'link'),
    targets: async (ctx, args, target) =>
      (await linkIds(ctx, (args.links as string[]).map(parseLinkRef))).map((id) => ({
        id,
        path: `/campaign/${target}/assign/${id}`,
      })),
  },
};

const channelInput = {
  description: z.string().optional(),
  color: z.string().optional().describe('badge colour, #RRGGBB'),
  starred: z.boolean().optional(),
};
const channelBody = (args: ChannelInput) => channelRules(args, TOOL_WORDS);

const ITEM_TYPES = { link: 'link', qr: 'QR code', bio: 'bio page' } as const;

const CHANNELS: ResourceDeclaration = {
  prefix: 'channels',
  plural: 'channels',
  about: 'labelled groups of links, bio pages and QR codes',
  named: CHANNEL_NAMES,
  path: 'channel',
  add: { input: { name: z.string().describe('at least 2 characters'), ...channelInput }, body: channelBody },
  update: {
    input: { name: z.string().optional().describe('new name'), ...channelInput },
    body: (args) => nothingToUpdate(channelBody(args), ['name', 'description', 'color', 'starred']),
  },
  assign: {
    describe: "Put links, QR codes or bio pages into a channel (one request per item); returns each item's outcome.",
    input: {
      type: z.enum(['link', 'qr', 'bio']).describe('what the items are'),
      items: z.array(z.string().min(1)).min(1).describe(`links: ${LINK_REF}; QR codes: id or name; bio pages: id`),
    },
    moved: (args) => itemsNamed(args.items as string[], ITEM_TYPES[args.type as keyof typeof ITEM_TYPES]),
    targets: async (ctx, args, target) => {
      const type = args.type as keyof typeof ITEM_TYPES;
      const items = args.items as string[];
      const ids =
        type === 'link'
          ? await linkIds(ctx, items.map(parseLinkRef))
          : type === 'qr'
            ? await resolveIds(ctx, QR_NAMES, items, TOOL_WORDS)
            : items.map((item) => parseId(item, `${ITEM_TYPES[type]} id`));
      return ids.map((id) => ({ id, path: `/channel/${target}/assign/${type}/${id}` }));
    },
  },
};

const nonEmpty = (what: string) => z.string().trim().min(1, `${what} is empty`);

const PIXELS: ResourceDeclaration = {
  prefix: 'pixels',
  plural: 'tracking pixels',
  about: 'tracking tags (Google Tag Manager, Facebook, TikTok...) that links can fire',
  named: PIXEL_NAMES,
  path: 'pixel',
  add: {
    input: {
      name: nonEmpty('name'),
      type: z.enum(PIXEL_TYPES),
      tag: nonEmpty('tag').describe("the provider's tag or id"),
    },
    body: (args) => defined(args),
  },
  update: {
    input: { name: nonEmpty('name').optional().describe('new name'), tag: nonEmpty('tag').optional() },
    body: (args) => nothingToUpdate(defined(args), ['tag', 'name']),
    complete: keepPixelTag,
  },
};

const qrInput = {
  type: z.enum(QR_TYPES).optional().describe('what the code holds (default: link)'),
  data: z.string().min(1).describe('the content: a URL for a link code, the text, and so on'),
  background: z.string().optional().describe('rgb(r,g,b) or #RRGGBB'),
  foreground: z.string().optional().describe('rgb(r,g,b) or #RRGGBB'),
  logo: z.string().optional().describe('URL of a logo for the middle'),
};
const qrBody = (args: Record<string, unknown>) =>
  defined({ ...qrBodyFromFlags(args as unknown as QrFlags), name: args.name });

const QR: ResourceDeclaration = {
  prefix: 'qr',
  plural: 'QR codes',
  about: 'QR codes for links, text, contacts and more',
  named: QR_NAMES,
  path: 'qr',
  add: { input: { name: z.string().min(1).optional(), ...qrInput }, body: qrBody },
  // The service replaces the content on every update: data is required again.
  update: {
    input: qrInput,
    body: qrBody,
    retargets: (target, args) => `change what the QR code ${target} leads to: ${String(args.data)}`,
  },
};

const redirects = {
  redirectRoot: z.string().optional().describe('where the bare domain redirects (an http(s) URL)'),
  redirect404: z.string().optional().describe('where unknown short links on it redirect (an http(s) URL)'),
};
const redirectBody = (args: RedirectInput) => redirectRules(args, TOOL_WORDS);

const DOMAINS: ResourceDeclaration = {
  prefix: 'domains',
  plural: 'branded domains',
  about: 'your own host names for short links',
  named: DOMAIN_NAMES,
  path: 'domain',
  add: {
    input: { domain: z.string().min(1).describe('the host name, e.g. go.example.com'), ...redirects },
    body: (args) => ({ domain: parseDomain(String(args.domain), 'domain').url, ...redirectBody(args) }),
  },
  update: {
    input: redirects,
    body: (args) => nothingToUpdate(redirectBody(args), ['redirectRoot', 'redirect404']),
    retargets: (target, args) =>
      `change where the domain ${target} redirects: ${Object.entries(defined(args))
        .map(([key, url]) => `${key} to ${String(url)}`)
        .join(', ')}`,
  },
};

const OVERLAY_TOOLS: ReadDeclaration = {
  prefix: 'overlays',
  plural: 'call-to-action overlays',
  about: 'the call-to-action boxes a link of type overlay-<id> shows over the page',
  named: OVERLAYS.named,
};

const SPLASH_TOOLS: ReadDeclaration = {
  prefix: 'splash',
  plural: 'splash pages',
  about: 'the custom pages a link of type splash, or a splash page id, shows before redirecting',
  named: SPLASH_PAGES.named,
};

export const RESOURCE_TOOLS: ToolSpec[] = [
  ...[CAMPAIGNS, CHANNELS, PIXELS, QR, DOMAINS].flatMap(resourceTools),
  ...[OVERLAY_TOOLS, SPLASH_TOOLS].flatMap(readTools),
];
