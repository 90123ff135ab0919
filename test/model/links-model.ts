// The model of the bulk engine: what each command should do to an account's links, and nothing
// else. A link is its alias and long URL; `ref` is the model's own name for one link (ids and the
// aliases the server draws for links without one are learned after the step, see learn()), so
// "the links a run made" survive updates, and a link deleted and made again is a new link.

export type ServerName = 'a' | 'b';
export const OTHER: Record<ServerName, ServerName> = { a: 'b', b: 'a' };

export interface ModelLink {
  ref: number;
  /** undefined until learned: the server drew it */
  alias?: string;
  url: string;
  id?: number;
  /** made by the colleague (another client of the account), dated inside or outside the tolerance of any send */
  colleague?: 'inside' | 'outside';
}

/** A row of a file the steps write: `invalid` rows carry a value no check may accept. */
export interface Row {
  url: string;
  alias?: string;
  invalid?: 'url' | 'alias';
}

interface JournalModel {
  server: ServerName;
  /** refs of the links the runs on this journal made (seen made: `ok`) */
  created: Set<number>;
  /** refs of the links lookups adopted (found after a lost answer; see learnJournal) */
  adopted: Set<number>;
}

export interface Model {
  servers: Record<ServerName, ModelLink[]>;
  current: ServerName;
  journals: Map<string, JournalModel>;
  nextRef: number;
}

/** The exit codes a step may end with: the model is exact about state, not always about the code. */
export type Exits = ReadonlySet<number>;

export function emptyModel(): Model {
  return { servers: { a: [], b: [] }, current: 'a', journals: new Map(), nextRef: 1 };
}

const byAlias = (links: ModelLink[], alias: string) => links.find((l) => l.alias === alias);

function create(model: Model, server: ServerName, url: string, alias: string | undefined, journal?: JournalModel) {
  const link: ModelLink = { ref: model.nextRef++, url, ...(alias === undefined ? {} : { alias }) };
  model.servers[server].push(link);
  journal?.created.add(link.ref);
}

function journalOf(model: Model, name: string, server: ServerName): JournalModel {
  const journal = model.journals.get(name) ?? { server, created: new Set<number>(), adopted: new Set<number>() };
  model.journals.set(name, journal);
  return journal;
}

/**
 * `urls import FILE --journal J --if-exists skip|fail`, rows in order: an invalid row is reported;
 * an alias already taken fails the row (fail), or is skipped when it points at the row's URL and
 * is a conflict (a row error) when it points elsewhere (skip); any other row makes one link,
 * identical rows included.
 */
export function importRows(
  model: Model,
  server: ServerName,
  rows: Row[],
  ifExists: 'skip' | 'fail',
  name: string,
): { exits: Exits } {
  const journal = journalOf(model, name, server);
  const links = model.servers[server];
  let failed = false;
  let sameFile = false;
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.invalid) {
      failed = true;
      continue;
    }
    if (row.alias !== undefined) {
      if (seen.has(row.alias)) sameFile = true;
      seen.add(row.alias);
      const taken = byAlias(links, row.alias);
      if (taken) {
        if (ifExists === 'fail' || taken.url !== row.url) failed = true;
        continue;
      }
    }
    create(model, server, row.url, row.alias, journal);
  }
  // A second row with the alias of an earlier one: skipped today, a row error once one check
  // sees duplicates within the file; the links are the same either way.
  if (sameFile && !failed) return { exits: new Set([0, 1]) };
  return { exits: new Set([failed ? 1 : 0]) };
}

/**
 * `urls sync FILE --journal J [--prune] -y` (key: alias): every valid row's alias ends pointing
 * at its URL (created or updated); a row without an alias, or with the alias of a row before it,
 * is invalid; with --prune and no invalid row, links no row names go.
 */
export function syncRows(model: Model, server: ServerName, rows: Row[], prune: boolean, name: string): Exits {
  // --prune with no rows is refused before any request (a failed download must not delete every link).
  if (prune && rows.length === 0) return new Set([2]);
  const journal = journalOf(model, name, server);
  const wanted = new Map<string, string>();
  let invalid = false;
  for (const row of rows) {
    // An alias a row before names already is a row error too: each alias names one link.
    if (row.invalid || row.alias === undefined || wanted.has(row.alias)) invalid = true;
    else wanted.set(row.alias, row.url);
  }
  for (const [alias, url] of wanted) {
    const link = byAlias(model.servers[server], alias);
    if (!link) create(model, server, url, alias, journal);
    else link.url = url;
  }
  if (prune && !invalid)
    model.servers[server] = model.servers[server].filter((l) => l.alias !== undefined && wanted.has(l.alias));
  return new Set([invalid ? 1 : 0]);
}

/**
 * `urls import --undo J -y [--include-adopted]`: the links J's runs made that still exist are
 * deleted, and the ones they adopted only when asked; nothing else.
 */
export function undo(model: Model, name: string, server: ServerName, includeAdopted = false): Exits {
  const journal = model.journals.get(name);
  if (!journal) return new Set([0]);
  // A journal names its server and key: undone with another profile, it is refused before any
  // request, unless it records no link at all ("nothing to undo").
  if (journal.server !== server)
    return new Set(journal.created.size === 0 && journal.adopted.size === 0 ? [0, 2] : [2]);
  const links = model.servers[journal.server];
  const doomed = new Set([...journal.created, ...(includeAdopted ? journal.adopted : [])]);
  const gone = [...doomed].some((ref) => !links.some((l) => l.ref === ref));
  model.servers[journal.server] = links.filter((l) => !doomed.has(l.ref));
  // A link of the run deleted since: reported as not found (exit 1) or passed over.
  return new Set(gone ? [0, 1] : [0]);
}

/** The colleague's link, as the server made it (its id and alias known at once). */
export function colleagueLink(model: Model, server: ServerName, made: ActualLink, where: 'inside' | 'outside'): void {
  model.servers[server].push({
    ref: model.nextRef++,
    url: made.longurl,
    alias: made.alias,
    id: made.id,
    colleague: where,
  });
}

/** A journal's record of a link, as learnJournal reads it. */
export interface JournalLine {
  status: string;
  id?: number | string;
}

/**
 * After a step, the journal says which links its runs saw made (`ok`) and which they adopted; the
 * model holds it to the rule of evidence (no colleague's link is ever the run's own, none made
 * outside the tolerance is adopted, every link the step's rows made is journaled), then takes it.
 * Returns what breaks the rule.
 */
export function learnJournal(model: Model, name: string, lines: JournalLine[], stepRefs: number[]): string[] {
  const journal = model.journals.get(name);
  if (!journal) return [];
  const links = model.servers[journal.server];
  const refOf = (id: unknown) => links.find((l) => l.id !== undefined && String(l.id) === String(id));
  const created = new Set<number>();
  const adopted = new Set<number>();
  for (const line of lines) {
    const link = line.id === undefined ? undefined : refOf(line.id);
    if (!link) continue;
    if (line.status === 'ok') created.add(link.ref);
    else if (line.status === 'adopted') adopted.add(link.ref);
    else if (line.status === 'undone' || line.status === 'deleted') {
      created.delete(link.ref);
      adopted.delete(link.ref);
    }
  }
  const problems: string[] = [];
  for (const link of links) {
    if (link.colleague && created.has(link.ref))
      problems.push(`the colleague's ${link.alias} journaled as the run's own`);
    if (link.colleague === 'outside' && adopted.has(link.ref))
      problems.push(`the colleague's ${link.alias}, made outside the tolerance, adopted`);
  }
  for (const ref of stepRefs) {
    const link = links.find((l) => l.ref === ref);
    if (link && !created.has(ref) && !adopted.has(ref)) problems.push(`${link.alias} made but not journaled`);
  }
  journal.created = created;
  journal.adopted = adopted;
  return problems;
}

export function addLink(model: Model, url: string, alias?: string): Exits {
  const links = model.servers[model.current];
  if (alias !== undefined && byAlias(links, alias)) return new Set([1]);
  create(model, model.current, url, alias);
  return new Set([0]);
}

export function updateLink(model: Model, alias: string, url: string): void {
  const link = byAlias(model.servers[model.current], alias);
  if (link) link.url = url;
}

export function deleteLink(model: Model, alias: string): void {
  model.servers[model.current] = model.servers[model.current].filter((l) => l.alias !== alias);
}

/** What the server holds, as the model sees it. */
export interface ActualLink {
  id: number;
  alias: string;
  longurl: string;
}

/**
 * Compares the model's links with the server's: equal aliases with equal URLs, and the links
 * whose alias the server drew (unknown to the model) equal as a multiset of URLs. Returns what
 * differs, or null; on null, learn() may fill in the drawn aliases and the ids.
 */
export function difference(model: ModelLink[], actual: ActualLink[]): string | null {
  const problems: string[] = [];
  const actualByAlias = new Map(actual.map((l) => [l.alias, l]));
  const named = new Set<string>();
  for (const link of model) {
    if (link.alias === undefined) continue;
    named.add(link.alias);
    const found = actualByAlias.get(link.alias);
    if (!found) problems.push(`missing ${link.alias} -> ${link.url}`);
    else if (found.longurl !== link.url) problems.push(`${link.alias}: ${found.longurl}, expected ${link.url}`);
    else if (link.id !== undefined && found.id !== link.id)
      problems.push(`${link.alias}: id ${found.id}, expected ${link.id}`);
  }
  const drawn = actual.filter((l) => !named.has(l.alias)).map((l) => l.longurl);
  const expected = model.filter((l) => l.alias === undefined).map((l) => l.url);
  for (const url of new Set([...drawn, ...expected])) {
    const have = drawn.filter((u) => u === url).length;
    const want = expected.filter((u) => u === url).length;
    if (have !== want) problems.push(`${have} link(s) to ${url} with a drawn alias, expected ${want}`);
  }
  return problems.length === 0 ? null : problems.join('; ');
}

/** After an equal comparison: the model takes the server's ids and drawn aliases. */
export function learn(model: ModelLink[], actual: ActualLink[]): void {
  const named = new Set(model.flatMap((l) => (l.alias === undefined ? [] : [l.alias])));
  const free = actual.filter((l) => !named.has(l.alias));
  for (const link of model) {
    const found =
      link.alias === undefined
        ? free.splice(
            free.findIndex((l) => l.longurl === link.url),
            1,
          )[0]
        : actual.find((l) => l.alias === link.alias);
    if (!found) throw new Error(`learn() after an unequal comparison: ${link.url}`);
    link.alias = found.alias;
    link.id = found.id;
  }
}
