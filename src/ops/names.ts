// Campaigns, channels, pixels and QR codes named by their name, domains by their host name, as
// well as by id. A number is always an id and costs nothing; names cost one read of the
// resource's list (in pages of BULK_PAGE_SIZE, to its end, since a second match makes a name
// ambiguous), however many names the command was given. `findNamed` is the one place that read happens: where a local
// cache of names can answer instead.
//
// A name must match exactly (case and inner spaces included), so a command never acts on a
// resource the user did not write: a name two of them share is a usage error listing their ids
// (exit 2: nothing is written; name it by id), and a name none has is exit 1, as an id the server
// does not know is: the command was well formed, the account holds no such thing.
import { type ListEndpoint, LISTS } from '../api/lists.js';
import { BULK_PAGE_SIZE, type Item, paginate } from '../api/paginate.js';
import type { Context } from '../context.js';
import { ApiError, UsageError } from '../errors.js';
import { parseDomain } from '../input/domain.js';
import { parseId } from '../input/validate.js';
import { CLI_WORDS, type Words } from './words.js';

/** A resource as its list shows it: what a command group and a name lookup both need. */
export interface ListedKind {
  /** Singular, for messages: `campaign`, `QR code`. */
  noun: string;
  /** The command group whose `list` shows them: `campaigns`. */
  group: string;
  /** The API's list of them: its path and collection key. */
  list: ListEndpoint;
}

/** The list half of a named kind, for the resource that declares it (one place for the endpoint). */
export function listedOf({ noun, group, list }: ListedKind): ListedKind {
  return { noun, group, list };
}

export interface NamedKind extends ListedKind {
  /** What the user writes: `name`, `host name`. */
  nameWord: string;
  /** The argument in a usage line: `id|name`. */
  usage: string;
  /** A name as the user would type it, for help: `"Spring sale"`. */
  example: string;
  /** An item's name as the user would write it; undefined when it has none. */
  nameOf(item: Item): string | undefined;
  /** The argument as it is compared with nameOf (a domain's host from any form of it); may throw UsageError. */
  key?(text: string): string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** A branded domain's host (`go.example.com`) from any form: the list says `https://go.example.com`. */
function hostOf(value: string): string | undefined {
  try {
    return parseDomain(value).host.toLowerCase();
  } catch {
    return undefined;
  }
}

export const CAMPAIGN_NAMES: NamedKind = {
  noun: 'campaign',
  group: 'campaigns',
  list: LISTS.campaigns,
  nameWord: 'name',
  usage: 'id|name',
  example: '"Spring sale"',
  // Servers answer the name under `name`, `campaign` (v6 writes) or `domain` (some lists).
  nameOf: (item) => text(item.name) ?? text(item.campaign) ?? text(item.domain),
};

export const CHANNEL_NAMES: NamedKind = {
  noun: 'channel',
  group: 'channels',
  list: LISTS.channels,
  nameWord: 'name',
  usage: 'id|name',
  example: 'Newsletter',
  nameOf: (item) => text(item.name),
};

export const PIXEL_NAMES: NamedKind = {
  noun: 'pixel',
  group: 'pixels',
  list: LISTS.pixels,
  nameWord: 'name',
  usage: 'id|name',
  example: '"FB main"',
  nameOf: (item) => text(item.name),
};

export const QR_NAMES: NamedKind = {
  noun: 'QR code',
  group: 'qr',
  list: LISTS.qr,
  nameWord: 'name',
  usage: 'id|name',
  example: 'Menu',
  nameOf: (item) => text(item.name),
};

export const DOMAIN_NAMES: NamedKind = {
  noun: 'domain',
  group: 'domains',
  list: LISTS.domains,
  nameWord: 'host name',
  usage: 'id|domain',
  example: 'go.example.com',
  nameOf: (item) => (typeof item.domain === 'string' ? hostOf(item.domain) : undefined),
  key: (value) => parseDomain(value, 'domain').host.toLowerCase(),
};

/** An argument: an id, or a name to look up. */
type Ref = { id: number } | { name: string; key: string };

/** Checks an argument without sending anything: digits are an id (exit 2 when not a valid one). */
function parseRef(kind: NamedKind, arg: string): Ref {
  const trimmed = arg.trim();
  if (/^-?\d+$/.test(trimmed)) return { id: parseId(trimmed, `${kind.noun} id`) };
  if (trimmed === '') throw new UsageError(`invalid ${kind.noun}: empty`, `give its id or its ${kind.nameWord}`);
  return { name: trimmed, key: kind.key ? kind.key(trimmed) : trimmed };
}

/** The arguments checked, before any request: exit 2 on one that can name nothing. */
export function checkNamedArgs(kind: NamedKind, args: readonly string[]): { names: boolean } {
  return { names: args.map((arg) => parseRef(kind, arg)).some((ref) => 'name' in ref) };
}

/** What one read of the list found for a name: its exact matches, and those that differ in case only. */
interface NameMatches {
  exact: Item[];
  nearly: Item[];
}

/**
 * The items each name (as keyed) stands for, from one read of the list. The read stops once
 * every name has two exact matches (enough to call it ambiguous) or at the list's end.
 */
async function findNamed(ctx: Context, kind: NamedKind, keys: readonly string[]): Promise<Map<string, NameMatches>> {
  const found = new Map<string, NameMatches>(keys.map((key) => [key, { exact: [], nearly: [] }]));
  if (keys.length === 0) return found;
  const folded = new Map(keys.map((key) => [key.toLowerCase(), found.get(key)!]));
  const api = await ctx.api();
  for await (const page of paginate(api, kind.list.path, { keys: kind.list.keys, limit: BULK_PAGE_SIZE, all: true })) {
    for (const item of page.items) {
      const name = kind.nameOf(item);
      if (name === undefined) continue;
      const exact = found.get(name);
      if (exact) exact.exact.push(item);
      else folded.get(name.toLowerCase())?.nearly.push(item);
    }
    if ([...found.values()].every((m) => m.exact.length > 1)) break;
  }
  return found;
}

function only(kind: NamedKind, name: string, matches: NameMatches, words: Words): Item {
  const { exact, nearly } = matches;
  if (exact.length === 1) return exact[0];
  if (exact.length > 1) {
    throw new UsageError(
      `${kind.noun} ${kind.nameWord} "${name}" matches ${exact.length} ${kind.noun}s: ${exact
        .map((i) => Number(i.id))
        .sort((a, b) => a - b)
        .join(', ')}`,
      `name the ${kind.noun} by its id (${words.op(kind.group, 'list')} shows them)`,
    );
  }
  const guess = nearly.map((item) => `"${kind.nameOf(item)}" (${item.id})`).join(', ');
  throw new ApiError(`no ${kind.noun} with the ${kind.nameWord} "${name}"`, {
    hint: guess
      ? `${kind.nameWord}s match exactly, case included; did you mean ${guess}?`
      : `${words.op(kind.group, 'list')} shows the ${kind.nameWord}s`,
  });
}

/**
 * The item each argument names, in order: ids as given (`item` undefined: not read), names from
 * one list read. Everything is checked before the first request.
 */
export async function resolveNamed(
  ctx: Context,
  kind: NamedKind,
  args: readonly string[],
  words: Words = CLI_WORDS,
): Promise<{ id: number; item?: Item }[]> {
  const refs = args.map((arg) => parseRef(kind, arg));
  const names = refs.filter((ref): ref is { name: string; key: string } => 'name' in ref);
  const found = await findNamed(ctx, kind, [...new Set(names.map((ref) => ref.key))]);
  return refs.map((ref) => {
    if ('id' in ref) return ref;
    const item = only(kind, ref.name, found.get(ref.key) ?? { exact: [], nearly: [] }, words);
    return { id: Number(item.id), item };
  });
}

/** The ids the arguments name (see resolveNamed). */
export async function resolveIds(
  ctx: Context,
  kind: NamedKind,
  args: readonly string[],
  words: Words = CLI_WORDS,
): Promise<number[]> {
  return (await resolveNamed(ctx, kind, args, words)).map((r) => r.id);
}

/** The id one argument names. */
async function resolveId(ctx: Context, kind: NamedKind, arg: string, words?: Words): Promise<number> {
  return (await resolveIds(ctx, kind, [arg], words))[0];
}

/** The id one argument names, per resource (pixels are resolved with their record: see resolveNamed). */
export const campaignId = (ctx: Context, arg: string) => resolveId(ctx, CAMPAIGN_NAMES, arg);
export const channelId = (ctx: Context, arg: string, words?: Words) => resolveId(ctx, CHANNEL_NAMES, arg, words);
export const qrId = (ctx: Context, arg: string) => resolveId(ctx, QR_NAMES, arg);
export const domainId = (ctx: Context, arg: string) => resolveId(ctx, DOMAIN_NAMES, arg);
