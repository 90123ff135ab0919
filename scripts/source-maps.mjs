// Source maps (version 3) as the build rewrites them: the VLQ codec of their `mappings`, and two
// maps put end to end, for a bundle that went through two steps.
import { SourceMap } from 'node:module';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's `mappings` as segments: {line, fields: [column, source, line, column, name?]}, absolute. */
export function decodeMappings(mappings) {
  const segments = [];
  const state = [0, 0, 0, 0, 0];
  let line = 0;
  let i = 0;
  while (i < mappings.length) {
    const c = mappings[i];
    if (c === ';') {
      line += 1;
      state[0] = 0;
      i += 1;
      continue;
    }
    if (c === ',') {
      i += 1;
      continue;
    }
    const fields = [];
    while (i < mappings.length && mappings[i] !== ',' && mappings[i] !== ';') {
      let value = 0;
      let shift = 0;
      let digit;
      do {
        digit = BASE64.indexOf(mappings[i++]);
        value += (digit & 31) << shift;
        shift += 5;
      } while (digit & 32);
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    }
    fields.forEach((delta, k) => {
      state[k] += delta;
    });
    segments.push({ line, fields: state.slice(0, fields.length) });
  }
  return segments;
}

function encodeVlq(value) {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    const digit = rest & 31;
    rest >>>= 5;
    out += BASE64[rest ? digit | 32 : digit];
  } while (rest);
  return out;
}

/** Segments (sorted by line and column) back to a `mappings` string. */
export function encodeMappings(segments) {
  const state = [0, 0, 0, 0, 0];
  let line = 0;
  let out = '';
  let first = true;
  for (const { line: at, fields } of segments) {
    if (at > line) {
      out += ';'.repeat(at - line);
      line = at;
      state[0] = 0;
      first = true;
    }
    if (!first) out += ',';
    first = false;
    out += fields.map((value, k) => encodeVlq(value - state[k])).join('');
    fields.forEach((value, k) => {
      state[k] = value;
    });
  }
  return out;
}

/** The offset where each line of `text` starts. */
export function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The line holding offset `at` (binary search in `starts`). */
export function lineOf(starts, at) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * One map from `outer` (the final text to an intermediate one, whose only source it names) and
 * `inner` (that intermediate text to the original sources): each mapping of `outer` goes where
 * `inner` maps its place, and is left out where `inner` maps nothing on that line. A name comes
 * from `inner` when it maps that very place (the original's), else from `outer`.
 */
export function composeSourceMaps(outer, inner) {
  const lookup = new SourceMap(inner);
  const sources = [];
  const names = [];
  const index = (list, value) => {
    const at = list.indexOf(value);
    return at === -1 ? list.push(value) - 1 : at;
  };
  const segments = [];
  for (const { line, fields } of decodeMappings(outer.mappings)) {
    if (fields.length < 4) continue;
    const entry = lookup.findEntry(fields[2], fields[3]);
    if (entry.originalSource === undefined || entry.generatedLine !== fields[2]) continue;
    const mapped = [fields[0], index(sources, entry.originalSource), entry.originalLine, entry.originalColumn];
    const exact = entry.generatedColumn === fields[3];
    const name = (exact ? entry.name : undefined) ?? (fields.length > 4 ? outer.names[fields[4]] : undefined);
    segments.push({ line, fields: name === undefined ? mapped : [...mapped, index(names, name)] });
  }
  const content = new Map((inner.sources ?? []).map((source, i) => [source, inner.sourcesContent?.[i]]));
  return {
    version: 3,
    sources,
    ...(inner.sourcesContent ? { sourcesContent: sources.map((source) => content.get(source) ?? null) } : {}),
    names,
    mappings: encodeMappings(segments),
  };
}
