// The link operations both doors call: list a page, get one (with how it performs), its stats,
// add one or several, update one, and the ids of several to delete or assign. Links are named by
// id, alias or short URL (link-ref.ts); bodies made by the one mapping of input/link-body.ts.
import { LISTS } from '../api/lists.js';
import type { Context } from '../context.js';
import { ApiError, UsageError } from '../errors.js';
import { profileDomain } from '../input/domain.js';
import { type LinkBody, type LinkFields, type LinkFlags, linkBodyFromFlags } from '../input/link-body.js';
import { type LinkRef, parseLinkRef } from '../input/link-ref.js';
import { LINK_STATS_FIELDS, linkRecord, mergedRecord, sentTargets } from '../input/link-record.js';
import { updateTargets } from '../input/target-merge.js';
import { credentialsWarning } from '../input/validate.js';
import { type Row, withoutError } from '../output/fields.js';
import { deleteEach, eachOutcome, type ItemOutcome } from './each.js';
import { fieldOfError } from './field-of.js';
import { linkIds, type ResolvedLink, resolveLink } from './link-ref.js';
import { namedLinkOptions } from './link-options.js';
import { maybeCreated, maybeCreatedItem } from './maybe-created.js';
import { type PageInput, type PageOf, readPage } from './pages.js';
import { CLI_WORDS, type Warning, type Words } from './words.js';

/** A link answer as the flat link record, `domain` read against the configured base URL. */
async function linkRecordOf(ctx: Context, answer: Row, sent?: Row): Promise<Row> {
  return linkRecord(withoutError(answer), { baseUrl: (await ctx.settings()).baseUrl, sent });
}

export async function listLinks(ctx: Context, input: PageInput & { order?: 'date' | 'click' }): Promise<PageOf> {
  const { baseUrl } = await ctx.settings();
  return readPage(ctx, LISTS.urls, {
    ...input,
    query: { order: input.order },
    mapItem: (item) => linkRecord(item, { baseUrl }),
  });
}

/**
 * A link's record, read again at each call: the first resolves the reference (its lookup may
 * already answer with the detail), the later ones read by id.
 */
export function linkReader(ctx: Context, link: string): () => Promise<Row> {
  const ref = parseLinkRef(link);
  let id: number | undefined;
  return async () => {
    if (id === undefined) {
      const resolved = await resolveLink(ctx, ref);
      id = resolved.id;
      if (resolved.detail) return linkRecordOf(ctx, resolved.detail);
    }
    return linkRecordOf(ctx, await (await ctx.api()).call('GET', `/url/${id}`));
  };
}

export const getLink = (ctx: Context, link: string): Promise<Row> => linkReader(ctx, link)();

const STATS_FIELDS = ['id', 'alias', 'shorturl', 'longurl', 'clicks', 'uniqueclicks', ...LINK_STATS_FIELDS];

/** How a link performs: its clicks, and clicks by country, referrer, browser, system and network. */
export async function linkStats(ctx: Context, link: string): Promise<Row> {
  const full = await getLink(ctx, link);
  return Object.fromEntries(STATS_FIELDS.filter((f) => f in full).map((f) => [f, full[f]]));
}

type LinkOptions = Omit<LinkFlags, 'url'>;

/** Links ready to send, and what the user should know before they go. */
interface PreparedLinks {
  bodies: LinkBody[];
  warnings: Warning[];
}

/** A custom alias names one link. */
export function checkOneAlias(urls: readonly string[], options: LinkOptions, words: Words = CLI_WORDS): void {
  if (urls.length > 1 && options.custom !== undefined) {
    throw new UsageError(
      `${words.field('custom')} takes one long URL, not ${urls.length}: an alias names one link`,
      `${words.run} ${words.op('urls', 'add')} once per URL`,
    );
  }
}

/**
 * Every long URL checked with the options (exit 2 before any request), then `resolve` looks the
 * pixel and channel names up and gives the bodies, the profile's domain where none is given.
 */
export function prepareLinks(
  ctx: Context,
  urls: readonly string[],
  options: LinkOptions,
  words: Words = CLI_WORDS,
): { resolve(): Promise<PreparedLinks> } {
  checkOneAlias(urls, options, words);
  const now = ctx.now();
  const build = (given: LinkOptions) =>
    urls.map((url) =>
      fieldOfError(given, (key) =>
        linkBodyFromFlags({ ...pick(given, key), url }, { requireUrl: true, creating: true, now, field: words.field }),
      ),
    );
  const named = namedLinkOptions(ctx, options, words);
  build(named.ids);
  return {
    async resolve() {
      const bodies = build(await named.resolve());
      // A password given here is hidden in everything shown, whatever the server echoes.
      ctx.secrets.add(bodies[0].password);
      const warnings: Warning[] = [];
      for (const body of bodies) {
        const message = credentialsWarning(body.url, urls.length > 1 ? `the long URL ${body.url}` : undefined);
        if (message) warnings.push({ field: 'url', message });
      }
      const fallback = bodies[0].domain === undefined ? profileDomain((await ctx.settings()).domain) : undefined;
      if (fallback) for (const body of bodies) body.domain = fallback.url;
      return { bodies, warnings };
    },
  };
}

/** Creates one link: its record, or the error (saying it may exist when its answer was lost). */
export async function addLink(ctx: Context, body: LinkBody, words: Words = CLI_WORDS): Promise<Row> {
  const answer = await (await ctx.api()).call('POST', '/url/add', { body }).catch((err: unknown) => {
    throw maybeCreated(err, body, words);
  });
  return linkRecordOf(ctx, answer, { ...body });
}

/** Creates one link per body, in order, each outcome (with the link's record) as it comes. */
export async function* addLinks(
  ctx: Context,
  bodies: readonly LinkBody[],
  words: Words = CLI_WORDS,
): AsyncGenerator<ItemOutcome<LinkBody>> {
  const api = await ctx.api();
  yield* eachOutcome(bodies, async (body) => {
    const answer = await api.call('POST', '/url/add', { body }).catch((err: unknown) => {
      // An answer lost after the send: that link's own failure, saying it may exist; the rest go on.
      throw maybeCreatedItem(err, bodies.length - bodies.indexOf(body), words);
    });
    return linkRecordOf(ctx, answer, { ...body });
  });
}

/** An update checked and its names looked up: what to warn of, and the request to send. */
interface ReadyUpdate {
  warnings: Warning[];
  /**
   * Finds the link and sends the changes: the link as changed, over the link as it was, and what
   * the update dropped (targets the service replaces whole).
   */
  send(): Promise<{ record: Row; warnings: Warning[] }>;
}

/** Targets laid over the link's own instead of replacing them (the service replaces the whole list). */
export interface TargetAdds {
  geoAdd?: string[];
  deviceAdd?: string[];
}

/**
 * Checks the changes (exit 2 before any request), finds the link, and sends them. The service
 * needs the long URL on every update: the current one is read when none is given; it keeps only
 * the targets an update sends, so the link's are read when targets change.
 */
export function prepareUpdate(
  ctx: Context,
  link: string,
  { geoAdd, deviceAdd, ...given }: LinkFlags & TargetAdds,
  words: Words = CLI_WORDS,
): { resolve(): Promise<ReadyUpdate> } {
  const ref = parseLinkRef(link);
  const now = ctx.now();
  const build = (flags: LinkFlags) =>
    fieldOfError(flags, (key) =>
      linkBodyFromFlags(pick(flags, key), { requireUrl: false, creating: false, now, field: words.field }),
    );
  const named = namedLinkOptions(ctx, given, words);
  const check = build(named.ids);
  // Checked as --geo and --device are, and named as what they are (--geo-add) when wrong.
  const addedName = (key: string) => words.field(key === 'geo' || key === 'device' ? `${key}Add` : key);
  const added = fieldOfError({ geoAdd, deviceAdd }, (key) =>
    linkBodyFromFlags(
      {
        geo: key === undefined || key === 'geoAdd' ? geoAdd : undefined,
        device: key === undefined || key === 'deviceAdd' ? deviceAdd : undefined,
      },
      { requireUrl: false, creating: false, field: addedName },
    ),
  );
  const changes = Object.keys(check).length + Object.keys(added).length;
  if (changes === 0 && !given.pixel?.length && given.channel === undefined) {
    throw new UsageError(
      'nothing to update',
      `give ${words.field('url')} or at least one link option${words.more('urls', 'update')}`,
    );
  }
  return {
    async resolve() {
      const fields = build(await named.resolve());
      ctx.secrets.add(fields.password);
      const message = fields.url === undefined ? undefined : credentialsWarning(fields.url);
      return {
        warnings: message ? [{ field: 'url', message }] : [],
        send: () => sendUpdate(ctx, ref, fields, added, words),
      };
    },
  };
}

async function sendUpdate(
  ctx: Context,
  ref: LinkRef,
  fields: LinkFields,
  added: LinkFields,
  words: Words,
): Promise<{ record: Row; warnings: Warning[] }> {
  const resolved = await resolveLink(ctx, ref);
  const needsUrl = fields.url === undefined;
  const targets = TARGET_LISTS.some((list) => list in fields || list in added);
  const before = needsUrl || resolved.detail || targets ? await currentLink(ctx, resolved, needsUrl, words) : {};
  const merged = updateTargets(fields, added, before, words.field);
  const sent: LinkFields = { ...fields, ...merged.send };
  const url = sent.url ?? (before.longurl as string);
  const { id } = resolved;
  const answer = await (await ctx.api()).call('PUT', `/url/${id}/update`, { body: { url, ...sent } });
  // The spec's key is `short`, some servers answer `shorturl`: the record reads either. The
  // targets are shown as sent: the answer leaves them out.
  const changed = await linkRecordOf(ctx, { id, ...withoutError(answer) }, { ...sent, url });
  return { record: mergedRecord(before, changed, sentTargets(sent)), warnings: merged.warnings };
}

const TARGET_LISTS = ['geotarget', 'devicetarget'] as const;

/** The link as it is before the update, without how it performs: the lookup's detail, else one GET. */
async function currentLink(ctx: Context, link: ResolvedLink, needsUrl: boolean, words: Words): Promise<Row> {
  const current = await linkRecordOf(ctx, link.detail ?? (await (await ctx.api()).call<Row>('GET', `/url/${link.id}`)));
  if (needsUrl && (typeof current.longurl !== 'string' || current.longurl === '')) {
    throw new ApiError(`could not read the current long URL of link ${link.id}`, {
      hint: `pass it with ${words.field('url')}`,
    });
  }
  for (const field of LINK_STATS_FIELDS) delete current[field];
  return current;
}

/** Only `key` of the options (none for null), for finding which one an error is about. */
function pick<T extends object>(options: T, key: keyof T | null | undefined): T {
  if (key === undefined) return options;
  return (key === null ? {} : { [key]: options[key] }) as T;
}

/** Every link found first (nothing is deleted when one is missing), then one deletion each, each id once. */
export async function deleteLinks(
  ctx: Context,
  links: readonly string[],
): Promise<AsyncGenerator<ItemOutcome<number>>> {
  const ids = await linkIds(ctx, links.map(parseLinkRef));
  return deleteEach(await ctx.api(), ids, (id) => `/url/${id}/delete`);
}
