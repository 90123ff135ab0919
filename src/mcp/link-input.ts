// The link options of links_add and links_update: the CLI's flags (LinkFlags) as a schema, checked
// and mapped to a request body by the same code as `urls add` and `urls update`.
import { z } from './sdk.js';
import { EXPIRY_FORMS } from '../input/expiry.js';
import type { LinkFlags } from '../input/link-body.js';

const pairs = (what: string) => z.array(z.string()).optional().describe(what);

export const linkOptions = {
  custom: z.string().optional().describe('custom alias instead of a random one (3+ letters, digits, - or _)'),
  type: z
    .string()
    .optional()
    .describe('redirect type: direct, frame, splash (add: also a splash page id or overlay-<id>)'),
  password: z.string().optional().describe('protect the link with a password'),
  domain: z.string().optional().describe("branded domain (add: default, the profile's domain)"),
  expiry: z.string().optional().describe(`when the link stops working: ${EXPIRY_FORMS}`),
  geo: pairs('geo targets, each LOCATION=URL'),
  device: pairs('device targets, each DEVICE=URL'),
  language: pairs('language targets, each CODE=URL'),
  metaTitle: z.string().optional(),
  metaDescription: z.string().optional(),
  metaImage: z.string().optional().describe('meta image URL (jpg or png)'),
  pixel: pairs('tracking pixels, each by id or name'),
  channel: z.string().optional().describe('channel, by id or name'),
  deeplinkApple: z.string().optional().describe('App Store deep link'),
  deeplinkGoogle: z.string().optional().describe('Google Play deep link'),
  param: pairs('URL parameters, each NAME=VALUE'),
};

/** The options given, as the CLI's flags (absent keys left out, as commander leaves them). */
export function linkFlags(args: Record<string, unknown>): LinkFlags {
  return Object.fromEntries(
    Object.entries(args).filter(([key, value]) => key in linkOptions && value !== undefined),
  ) as LinkFlags;
}
