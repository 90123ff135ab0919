import { UsageError } from '../errors.js';
import { namesWithin, withinMessageSize } from '../util/message-size.js';

/** The link body's fields, which are also the canonical column names of `urls import`. */
export const LINK_COLUMNS = [
  'url',
  'custom',
  'type',
  'password',
  'domain',
  'expiry',
  'geotarget',
  'devicetarget',
  'languagetarget',
  'metatitle',
  'metadescription',
  'metaimage',
  'pixels',
  'channel',
  'deeplink',
  'parameters',
] as const;
export type LinkColumn = (typeof LINK_COLUMNS)[number];

/**
 * Other names spreadsheets, other services and `urls export` give the same columns, compared as
 * headerKey() writes them. When two headers name one field, the earlier name in this list wins
 * (so a Bitly export's `long_url` beats its `link`, which there is the short link).
 */
export const COLUMN_SYNONYMS: Readonly<Record<LinkColumn, readonly string[]>> = {
  url: ['longurl', 'destination', 'destinationurl', 'originalurl', 'targeturl', 'link'],
  custom: ['alias', 'customalias', 'backhalf', 'slug', 'shortcode', 'keyword', 'customurl'],
  type: ['redirecttype'],
  password: [],
  domain: ['brandeddomain', 'customdomain', 'basedomain'],
  expiry: ['expires', 'expiration', 'expirydate', 'expirationdate', 'expiresat'],
  geotarget: ['geo', 'geotargets'],
  devicetarget: ['device', 'devicetargets'],
  languagetarget: ['language', 'languagetargets'],
  metatitle: ['title'],
  metadescription: ['description'],
  metaimage: ['image', 'ogimage'],
  pixels: ['pixel', 'pixelids'],
  channel: ['channelid'],
  deeplink: ['deeplinks'],
  parameters: ['params'],
};

/**
 * Columns shorty writes that describe a link instead of setting it: the read-only fields of the
 * link vocabulary (id, short URL, counters, dates), what `urls get` adds about its visits, what
 * v6 lists and `legacy info` add, and the import results' row, status and error. Accepted and
 * ignored without a word, as headerKey() writes them.
 */
export const INFORMATIONAL_COLUMNS: readonly string[] = [
  'id',
  'shorturl',
  'clicks',
  'uniqueclicks',
  'date',
  'countries',
  'referrers',
  'browsers',
  'os',
  'social',
  'campaign',
  'datetime',
  'haspassword',
  'lastaccessed',
  'row',
  'status',
  'error',
];

/**
 * The names import results give the row's alias and long URL beside the input's own columns: a
 * results file read back has both, and the input's column is read without a warning.
 */
const RESULT_NAMES: readonly string[] = ['alias', 'longurl'];

/** `Long URL`, `long_url`, `LONG-URL` -> `longurl`: case, spaces, `-` and `_` do not matter. */
export function headerKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

const FIELD_BY_KEY = new Map<string, { field: LinkColumn; rank: number }>();
for (const field of LINK_COLUMNS) {
  for (const [rank, name] of [field, ...COLUMN_SYNONYMS[field]].entries()) FIELD_BY_KEY.set(name, { field, rank });
}

/** `--map "HEADER=FIELD"` options, by headerKey of HEADER. */
export type ColumnMapOption = ReadonlyMap<string, LinkColumn>;

/** The link field a column name stands for, if any (synonyms included). */
export function linkColumnOf(name: string): LinkColumn | undefined {
  return FIELD_BY_KEY.get(headerKey(name))?.field;
}

export function parseColumnMap(specs: readonly string[]): ColumnMapOption {
  const map = new Map<string, LinkColumn>();
  for (const spec of specs) {
    const at = spec.lastIndexOf('=');
    const header = at < 0 ? '' : spec.slice(0, at).trim();
    const field = at < 0 ? undefined : linkColumnOf(spec.slice(at + 1));
    if (header === '' || field === undefined) {
      throw new UsageError(
        `invalid --map ${JSON.stringify(spec)}: expected HEADER=FIELD with FIELD one of ${LINK_COLUMNS.join(', ')}`,
      );
    }
    map.set(headerKey(header), field);
  }
  return map;
}

/** How the columns of a header are read. */
export interface ColumnPlan {
  /** The header as the input wrote it. */
  headers: string[];
  /** Each header that sets a field, with that field; at most one header per field. */
  fields: [header: string, field: LinkColumn][];
  /** Headers that set nothing and are not shorty's own informational columns. */
  unknown: string[];
  /** Headers naming a field another header already sets: [header, field, the header used]. */
  shadowed: [header: string, field: LinkColumn, used: string][];
}

export function planColumns(headers: readonly string[], map: ColumnMapOption = new Map()): ColumnPlan {
  const read = headers.map((header) => {
    const key = headerKey(header);
    const mapped = map.get(key);
    return { header, key, known: mapped ? { field: mapped, rank: -1 } : FIELD_BY_KEY.get(key) };
  });
  const used = new Map<LinkColumn, { header: string; rank: number }>();
  for (const { header, known } of read) {
    const current = known && used.get(known.field);
    if (known && (!current || known.rank < current.rank)) used.set(known.field, { header, rank: known.rank });
  }
  const plan: ColumnPlan = { headers: [...headers], fields: [], unknown: [], shadowed: [] };
  for (const { header, key, known } of read) {
    if (!known) {
      if (!INFORMATIONAL_COLUMNS.includes(key)) plan.unknown.push(header);
      continue;
    }
    const winner = used.get(known.field)!.header;
    if (winner === header) plan.fields.push([header, known.field]);
    else if (!RESULT_NAMES.includes(key)) plan.shadowed.push([header, known.field, winner]);
  }
  return plan;
}

/** One line per field with the other names it is read from, for `urls import --help`. */
export function acceptedColumnsHelp(): string {
  // Two blanks after the longest name (metadescription), so no name runs into its synonyms.
  const width = Math.max(...LINK_COLUMNS.map((f) => f.length)) + 2;
  return LINK_COLUMNS.map((f) => `  ${f.padEnd(width)}${COLUMN_SYNONYMS[f].join(', ')}`.trimEnd()).join('\n');
}

/**
 * One warning line for the columns an import will not read, or undefined when it reads them all.
 * It names the accepted columns, so a header in other words can be renamed or mapped.
 */
export function ignoredColumnsWarning(plan: ColumnPlan): string | undefined {
  // A header cell may be anything a file holds: each name is kept short too.
  const name = (header: string) => JSON.stringify(withinMessageSize(header, 80));
  const notes = [
    ...plan.unknown.map(name),
    ...plan.shadowed.map(([h, field, used]) => `${name(h)} (${field} is read from ${name(used)})`),
  ];
  if (notes.length === 0) return undefined;
  return (
    `warning: not importing column${notes.length === 1 ? '' : 's'} ${namesWithin(notes)}; ` +
    `accepted columns: ${LINK_COLUMNS.join(', ')} and their usual names (see shorty urls import --help), ` +
    `or map one with --map "HEADER=FIELD"`
  );
}
