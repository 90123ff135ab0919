// The rules of the resources' writes, once for both doors: each a check made before any request
// (exit 2), in the words of the door that asks.
import { UsageError } from '../errors.js';
import { parseHexColor, parseHttpUrl } from '../input/validate.js';
import { CLI_WORDS, type Words } from './words.js';

/** The service's own rule for a channel's name, checked here so a bad one costs no request. */
function channelName(name: string): string {
  if (name.trim().length < 2) {
    const error = new UsageError(`invalid channel name "${name}": it must have at least 2 characters`);
    error.field = 'name';
    throw error;
  }
  return name;
}

export interface ChannelInput {
  name?: string;
  description?: string;
  color?: string;
  starred?: boolean;
}

/** The body keys a channel's add or update sets. */
export function channelBody(input: ChannelInput, words: Words = CLI_WORDS): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (input.name !== undefined) body.name = channelName(input.name);
  if (input.description !== undefined) body.description = input.description;
  if (input.color !== undefined) body.color = parseHexColor(input.color, words.field('color'));
  if (input.starred !== undefined) body.starred = input.starred;
  return body;
}

/** A value that may not be blank (a pixel's name or tag). */
export function nonEmpty(value: string, what: string): string {
  if (value.trim() === '') throw new UsageError(`${what} cannot be empty`);
  return value;
}

export interface RedirectInput {
  redirectRoot?: string;
  redirect404?: string;
}

/** A domain's optional redirects, as the API's body keys. */
export function redirectBody(input: RedirectInput, words: Words = CLI_WORDS): Record<string, string> {
  const body: Record<string, string> = {};
  if (input.redirectRoot !== undefined)
    body.redirectroot = parseHttpUrl(input.redirectRoot, words.field('redirectRoot'));
  if (input.redirect404 !== undefined) body.redirect404 = parseHttpUrl(input.redirect404, words.field('redirect404'));
  return body;
}

/** An update that changes nothing is refused, naming what it takes. */
export function nothingToUpdate<T extends Record<string, unknown>>(body: T, keys: readonly string[], words: Words): T {
  if (Object.keys(body).length > 0) return body;
  const named = keys.map((key) => words.field(key));
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} or ${named.at(-1)}` : named[0];
  throw new UsageError(`nothing to update: pass ${list}`);
}

type Current = () => Promise<Record<string, unknown>>;

/** The service needs a campaign's name on every update: the current one when none is given. */
export async function keepCampaignName(body: Record<string, unknown>, current: Current): Promise<void> {
  body.name ??= (await current()).name;
}

/** The service needs a pixel's tag on every update: the current one when none is given. */
export async function keepPixelTag(body: Record<string, unknown>, current: Current): Promise<void> {
  body.tag ??= (await current()).tag;
}
