// Where a command takes a link, campaign, channel, pixel, QR code or domain: completion offers the
// names of the cache there. Listed here, by command path and argument index or flag, rather than
// at each command, so the commands need not know about completion (a test checks each exists).
import type { NameResource } from '../cache/paths.js';

/** [command path, argument index (the last may be variadic), resource]. */
export const NAME_ARGUMENTS: readonly (readonly [string, number, NameResource])[] = [
  ...['get', 'update', 'delete', 'lookup'].map((verb) => [`urls ${verb}`, 0, 'links'] as const),
  ...['get', 'update', 'delete', 'assign'].map((verb) => [`campaigns ${verb}`, 0, 'campaigns'] as const),
  ['campaigns assign', 1, 'links'],
  ...['get', 'items', 'update', 'delete', 'assign'].map((verb) => [`channels ${verb}`, 0, 'channels'] as const),
  ...['get', 'update', 'delete'].map((verb) => [`pixels ${verb}`, 0, 'pixels'] as const),
  ...['get', 'update', 'delete'].map((verb) => [`qr ${verb}`, 0, 'qr'] as const),
  ...['get', 'update', 'delete'].map((verb) => [`domains ${verb}`, 0, 'domains'] as const),
];

/** [command path, flag, resource]. */
export const NAME_OPTIONS: readonly (readonly [string, string, NameResource])[] = [
  ...['add', 'update'].flatMap((verb) => [
    [`urls ${verb}`, '--channel', 'channels'] as const,
    [`urls ${verb}`, '--pixel', 'pixels'] as const,
    [`urls ${verb}`, '--domain', 'domains'] as const,
  ]),
  ['legacy create', '--domain', 'domains'],
];

/**
 * `channels assign <channel> <type> <item...>`: the items are links or QR codes, as the type
 * before them says: [command path, index of the items, index of the type, type word -> resource].
 */
export const TYPED_NAME_ARGUMENTS: readonly (readonly [string, number, number, Record<string, NameResource>])[] = [
  ['channels assign', 2, 1, { link: 'links', links: 'links', qr: 'qr', qrs: 'qr' }],
];

export function argumentNames(path: string, index: number): NameResource | undefined {
  return NAME_ARGUMENTS.find(([p, i]) => p === path && i === index)?.[2];
}

export function optionNames(path: string, flags: readonly string[]): NameResource | undefined {
  return NAME_OPTIONS.find(([p, flag]) => p === path && flags.includes(flag))?.[2];
}
