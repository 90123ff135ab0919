// The resources with names, declared once each: what their add and update take, and the checks
// the CLI makes of them (the same validators: a bad value is refused before any request); the
// requests and records are the operations' (src/ops/resource-writes.ts, assign.ts).
import { z } from './sdk.js';
import { PIXEL_TYPES, QR_TYPES } from '../api/types.js';
import { parseDomain } from '../input/domain.js';
import { type QrFlags, qrBodyFromFlags } from '../input/qr-body.js';
import {
  type ChannelInput,
  channelBody as channelRules,
  nothingToUpdate as nothingToUpdateIn,
  type RedirectInput,
  redirectBody as redirectRules,
} from '../ops/resource-rules.js';
import { TOOL_WORDS } from './words.js';
import { CHANNEL_ITEM_NOUNS, campaignAssignment, channelAssignment } from '../ops/assign.js';
import { CAMPAIGNS, CHANNELS, DOMAINS, PIXELS, QR_CODES } from '../ops/resource-kinds.js';
import * as writes from '../ops/resource-writes.js';
import { type ReadDeclaration, type ResourceDeclaration, readTools, resourceTools } from './resource-tools.js';
import { OVERLAYS, SPLASH_PAGES } from '../ops/resources.js';
import { count } from '../ops/each.js';
import type { ToolSpec } from './tool.js';

const LINK_REF = 'a link: its id (42), alias (spring) or short URL (https://sho.rt/spring)';
/** `2 links: spring, 42`, as a confirmation names them. */
const itemsNamed = (items: readonly string[], noun: string) => `${count(items.length, noun)}: ${items.join(', ')}`;
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

const CAMPAIGNS_TOOLS: ResourceDeclaration = {
  prefix: 'campaigns',
  plural: 'campaigns',
  about: 'groups of links with an optional rotator address',
  kind: CAMPAIGNS,
  path: 'campaign',
  add: {
    input: { name: z.string().min(1), ...campaignInput },
    run: (ctx, args) => writes.addCampaign(ctx, defined(args)),
  },
  update: {
    input: { name: z.string().min(1).optional().describe('new name'), ...campaignInput },
    run: (ctx, target, args) =>
      writes.updateCampaign(ctx, target, nothingToUpdate(defined(args), ['name', 'slug', 'public']), TOOL_WORDS),
  },
  assign: {
    describe: "Add links to a campaign (one request per link); returns each link's outcome.",
    input: { links },
    moved: (args) => itemsNamed(args.links as string[], 'link'),
    assignment: (ctx, target, args) => campaignAssignment(ctx, target, args.links as string[], TOOL_WORDS),
  },
};

const channelInput = {
  description: z.string().optional(),
  color: z.string().optional().describe('badge colour, #RRGGBB'),
  starred: z.boolean().optional(),
};
const channelBody = (args: ChannelInput) => channelRules(args, TOOL_WORDS);

/** The tool's item types, as the paths of the requests say them. */
const ITEM_TYPES = { link: 'links', qr: 'qr', bio: 'bio' } as const;

const CHANNELS_TOOLS: ResourceDeclaration = {
  prefix: 'channels',
  plural: 'channels',
  about: 'labelled groups of links, bio pages and QR codes',
  kind: CHANNELS,
  path: 'channel',
  add: {
    input: { name: z.string().describe('at least 2 characters'), ...channelInput },
    run: (ctx, args) => writes.addChannel(ctx, channelBody(args)),
  },
  update: {
    input: { name: z.string().optional().describe('new name'), ...channelInput },
    run: (ctx, target, args) =>
      writes.updateChannel(
        ctx,
        target,
        nothingToUpdate(channelBody(args), ['name', 'description', 'color', 'starred']),
        TOOL_WORDS,
      ),
  },
  assign: {
    describe: "Put links, QR codes or bio pages into a channel (one request per item); returns each item's outcome.",
    input: {
      type: z.enum(['link', 'qr', 'bio']).describe('what the items are'),
      items: z.array(z.string().min(1)).min(1).describe(`links: ${LINK_REF}; QR codes: id or name; bio pages: id`),
    },
    moved: (args) =>
      itemsNamed(args.items as string[], CHANNEL_ITEM_NOUNS[ITEM_TYPES[args.type as keyof typeof ITEM_TYPES]]),
    assignment: (ctx, target, args) =>
      channelAssignment(
        ctx,
        target,
        ITEM_TYPES[args.type as keyof typeof ITEM_TYPES],
        args.items as string[],
        TOOL_WORDS,
      ),
  },
};

const nonEmpty = (what: string) => z.string().trim().min(1, `${what} is empty`);

const PIXELS_TOOLS: ResourceDeclaration = {
  prefix: 'pixels',
  plural: 'tracking pixels',
  about: 'tracking tags (Google Tag Manager, Facebook, TikTok...) that links can fire',
  kind: PIXELS,
  path: 'pixel',
  add: {
    input: {
      name: nonEmpty('name'),
      type: z.enum(PIXEL_TYPES),
      tag: nonEmpty('tag').describe("the provider's tag or id"),
    },
    run: (ctx, args) => writes.addPixel(ctx, defined(args)),
  },
  update: {
    input: { name: nonEmpty('name').optional().describe('new name'), tag: nonEmpty('tag').optional() },
    run: (ctx, target, args) =>
      writes.updatePixel(ctx, target, nothingToUpdate(defined(args), ['tag', 'name']), { words: TOOL_WORDS }),
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

const QR_TOOLS: ResourceDeclaration = {
  prefix: 'qr',
  plural: 'QR codes',
  about: 'QR codes for links, text, contacts and more',
  kind: QR_CODES,
  path: 'qr',
  add: {
    input: { name: z.string().min(1).optional(), ...qrInput },
    run: (ctx, args) => writes.addQr(ctx, qrBody(args)),
  },
  // The service replaces the content on every update: data is required again.
  update: {
    input: qrInput,
    run: async (ctx, target, args) => (await writes.updateQr(ctx, target, qrBody(args), TOOL_WORDS)).record,
    retargets: (target, args) => `change what the QR code ${target} leads to: ${String(args.data)}`,
  },
};

const redirects = {
  redirectRoot: z.string().optional().describe('where the bare domain redirects (an http(s) URL)'),
  redirect404: z.string().optional().describe('where unknown short links on it redirect (an http(s) URL)'),
};
const redirectBody = (args: RedirectInput) => redirectRules(args, TOOL_WORDS);

const DOMAINS_TOOLS: ResourceDeclaration = {
  prefix: 'domains',
  plural: 'branded domains',
  about: 'your own host names for short links',
  kind: DOMAINS,
  path: 'domain',
  add: {
    input: { domain: z.string().min(1).describe('the host name, e.g. go.example.com'), ...redirects },
    run: (ctx, args) =>
      writes.addDomain(ctx, { domain: parseDomain(String(args.domain), 'domain').url, ...redirectBody(args) }),
  },
  update: {
    input: redirects,
    run: (ctx, target, args) =>
      writes.updateDomain(
        ctx,
        target,
        nothingToUpdate(redirectBody(args), ['redirectRoot', 'redirect404']),
        TOOL_WORDS,
      ),
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
  kind: OVERLAYS,
};

const SPLASH_TOOLS: ReadDeclaration = {
  prefix: 'splash',
  plural: 'splash pages',
  about: 'the custom pages a link of type splash, or a splash page id, shows before redirecting',
  kind: SPLASH_PAGES,
};

export const RESOURCE_TOOLS: ToolSpec[] = [
  ...[CAMPAIGNS_TOOLS, CHANNELS_TOOLS, PIXELS_TOOLS, QR_TOOLS, DOMAINS_TOOLS].flatMap(resourceTools),
  ...[OVERLAY_TOOLS, SPLASH_TOOLS].flatMap(readTools),
];
