// An update's targets replace the link's: the service takes the list sent as the whole list, so
// `urls update spring --geo Germany=...` drops a Canada target the link had. Said, not silent:
// `--geo` (and `--device`) replace, naming what went; `--geo-add` (and `--device-add`) keep the
// link's targets and add to them (a location given again gets the new URL).
import type { LinkBody } from '../api/types.js';

/** The targets of one kind, as the link's detail shows them and the update sends them: key -> URL. */
export type Targets = Record<string, string>;

export interface TargetChange {
  /** What the update sends: the whole new list, or undefined to leave the link's as they are. */
  send?: Targets;
  /** The link's targets the update drops: their keys. */
  removed: string[];
}

/**
 * What one kind of target becomes: `replace` (--geo) is the whole new list, `add` (--geo-add) is
 * laid over `current` (the link's, read before the update). Neither given: nothing is sent.
 */
export function changeTargets(current: Targets | undefined, replace?: Targets, add?: Targets): TargetChange {
  const had = current ?? {};
  if (replace === undefined && add === undefined) return { removed: [] };
  const send = { ...(replace ?? had), ...add };
  const removed = Object.keys(had).filter((key) => !(key in send));
  return { send, removed };
}

/** The warning an update that drops targets prints: `--geo replaced the link's geo targets: Canada removed; ...`. */
function removedTargetsWarning(flag: string, add: string, kind: string, removed: string[], current: Targets): string {
  const list = removed.map((key) => `${key} (${current[key]})`).join(', ');
  return (
    `${flag} replaces the link's ${kind} targets: ${list} removed` +
    `; ${add} adds to them instead (the service keeps only the targets an update sends)`
  );
}

const KINDS = [
  { field: 'geotarget', key: 'location', flag: 'geo', add: 'geoAdd', kind: 'geo' },
  { field: 'devicetarget', key: 'device', flag: 'device', add: 'deviceAdd', kind: 'device' },
] as const;

type TargetLists = Pick<Partial<LinkBody>, 'geotarget' | 'devicetarget'>;

/**
 * The targets an update sends, for each kind the flags touch: `given` (--geo, --device) replaces,
 * `added` (--geo-add, --device-add) lays over the link's `current` ones (its detail: key -> URL).
 * Returns the lists to send and one warning per kind that drops targets, naming the inputs by `name`
 * (the door's word for `geo`, `geoAdd`...).
 */
export function updateTargets(
  given: TargetLists,
  added: TargetLists,
  current: Record<string, unknown>,
  name: (input: string) => string = (input) => `--${input.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
): { send: TargetLists; warnings: { field: string; message: string }[] } {
  const send: Record<string, { link: string }[]> = {};
  const warnings: { field: string; message: string }[] = [];
  for (const { field, key, flag, add, kind } of KINDS) {
    const had = asTargets(current[field]);
    const change = changeTargets(had, toTargets(given[field], key), toTargets(added[field], key));
    if (change.send) send[field] = Object.entries(change.send).map(([k, link]) => ({ [key]: k, link }));
    if (change.removed.length > 0)
      warnings.push({
        field: flag,
        message: removedTargetsWarning(name(flag), name(add), kind, change.removed, had ?? {}),
      });
  }
  return { send: send as TargetLists, warnings };
}

function toTargets(list: readonly object[] | undefined, key: string): Targets | undefined {
  const pairs = (list ?? []) as Record<string, string>[];
  return pairs.length > 0 ? Object.fromEntries(pairs.map((t) => [t[key], t.link])) : undefined;
}

/** A detail's `location`/`device`: an object of key -> URL (anything else reads as none). */
function asTargets(value: unknown): Targets | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
