// The steps of the model-based test, as fast-check commands: each runs shorty against the
// world's sandboxes (under the faults and the kill it was generated with), applies the same step
// to the model, and then holds the sandboxes' links to the model's (see settle()).
import fc from 'fast-check';
import type { FaultMode } from '../../src/sandbox/faults.js';
import {
  type ActualLink,
  addLink,
  colleagueLink,
  deleteLink,
  difference,
  type Exits,
  importRows,
  learn,
  learnJournal,
  type Model,
  OTHER,
  type Row,
  type ServerName,
  syncRows,
  undo,
  updateLink,
} from './links-model.js';
import type { CliRun, FaultPlan, World } from './world.js';

export class Divergence extends Error {}

const ALIASES = ['ma1', 'ma2', 'ma3', 'ma4', 'ma5', 'ma6'];

/** A row by what it is made of; urls of rows without an alias are made unique to their step. */
export type RowSpec =
  | { kind: 'alias'; alias: number; url: number }
  | { kind: 'plain'; url: number }
  | { kind: 'bad-url' }
  | { kind: 'bad-alias'; url: number };

function rowOf(spec: RowSpec, step: number): Row {
  switch (spec.kind) {
    case 'alias':
      return { url: `https://m.example/p${spec.url}`, alias: ALIASES[spec.alias] };
    case 'plain':
      return { url: `https://m.example/u${spec.url}?s=${step}` };
    case 'bad-url':
      return { url: 'not a url', invalid: 'url' };
    case 'bad-alias':
      return { url: `https://m.example/p${spec.url}`, alias: 'zz', invalid: 'alias' };
  }
}

function showRow(spec: RowSpec): string {
  if (spec.kind === 'alias') return `${ALIASES[spec.alias]}=p${spec.url}`;
  if (spec.kind === 'plain') return `*u${spec.url}`;
  return spec.kind === 'bad-url' ? '!url' : '!alias';
}

function csv(rows: Row[]): string {
  return `url,custom\n${rows.map((r) => `${r.url},${r.alias ?? ''}`).join('\n')}\n`;
}

function showFault(fault: FaultPlan | null): string {
  if (!fault) return '';
  const modes = fault.held ? [...fault.modes, fault.held] : fault.modes;
  return ` faults{${modes.join(',')} rate ${fault.rate} seed ${fault.seed}}`;
}

const showKill = (ms: number | undefined) => (ms === undefined ? '' : ` kill -9 @${ms}ms`);

/** A step's journal, and the refs of the links the model says its rows made in this step. */
interface StepJournal {
  name: string;
  refs: number[];
}

/** Runs `apply` on the model and returns it, with the refs it added to journal `name`. */
function journaled<T>(model: Model, name: string, apply: () => T): { result: T; journal: StepJournal } {
  const before = new Set(model.journals.get(name)?.created);
  const result = apply();
  const refs = [...(model.journals.get(name)?.created ?? [])].filter((ref) => !before.has(ref));
  return { result, journal: { name, refs } };
}

/**
 * The end of every step: the CLI said nothing unexpected, ended as the model says, and each
 * sandbox holds exactly the model's links; then the model learns the ids and drawn aliases, and
 * from the step's journal which links were seen made and which adopted (held to the rule of
 * evidence, see learnJournal).
 */
async function settle(
  world: World,
  model: Model,
  what: string,
  exits: Exits,
  run: CliRun,
  journal?: StepJournal,
): Promise<void> {
  await world.endStep();
  world.figures.steps += 1;
  const kind = what.split(/[ [(]/)[0];
  world.figures.stepsByKind[kind] = (world.figures.stepsByKind[kind] ?? 0) + 1;
  world.trail.push(what);
  const problems: string[] = [];
  if (/unexpected error|\n\s+at .+:\d+:\d+/.test(run.stderr)) problems.push(`crash: ${run.stderr.trim()}`);
  if (run.code === null || !exits.has(run.code)) problems.push(`exit ${run.code}, expected ${[...exits].join(' or ')}`);
  for (const server of ['a', 'b'] as const) {
    const diff = difference(model.servers[server], world.links(server));
    if (diff) problems.push(`server ${server}: ${diff}`);
  }
  if (problems.length > 0) {
    world.figures.divergences += 1;
    throw new Divergence(
      `step ${world.trail.length} (${what}) diverged:\n  ${problems.join('\n  ')}\n` +
        `steps:\n  ${world.trail.join('\n  ')}\nlast stderr:\n${run.stderr}`,
    );
  }
  for (const server of ['a', 'b'] as const) learn(model.servers[server], world.links(server));
  const broken = journal ? learnJournal(model, journal.name, world.journal(journal.name), journal.refs) : [];
  if (broken.length > 0) {
    world.figures.divergences += 1;
    throw new Divergence(
      `step ${world.trail.length} (${what}) broke the rule of evidence:\n  ${broken.join('\n  ')}\n` +
        `steps:\n  ${world.trail.join('\n  ')}\nlast stderr:\n${run.stderr}`,
    );
  }
}

/** The colleague's move during a run: a link with the URL (and alias) of one of the step's rows. */
export interface DuringRun {
  pick: number;
  where: 'inside' | 'outside';
}

type Step = fc.AsyncCommand<Model, World>;

function countFault(world: World, fault: FaultPlan | null): void {
  if (fault) world.figures.faultedSteps += 1;
}

export class ImportStep implements Step {
  constructor(
    readonly rows: RowSpec[],
    readonly ifExists: 'skip' | 'fail',
    readonly fault: FaultPlan | null,
    readonly killAfterMs?: number,
    readonly colleague: DuringRun | null = null,
  ) {}
  check = () => true;
  async run(model: Model, world: World): Promise<void> {
    const step = ++world.step;
    const rows = this.rows.map((r) => rowOf(r, step));
    const file = world.file(`import-${step}.csv`, csv(rows));
    const journal = `j${step}.journal`;
    const server = model.current;
    const args = ['urls', 'import', file, '--journal', world.at(journal), '--if-exists', this.ifExists, '-o', 'ndjson'];
    countFault(world, this.fault);
    // The colleague copies a row once the run has reported its first: a row without an alias only
    // outside the tolerance (inside, whether the run adopts it or makes its own is a matter of timing).
    const valid = rows.filter((r) => !r.invalid);
    const copied = this.colleague && valid.length > 0 ? valid[this.colleague.pick % valid.length] : undefined;
    const where = copied?.alias === undefined ? 'outside' : (this.colleague?.where ?? 'outside');
    let made: ActualLink | undefined;
    const onFirstLine = copied
      ? () => void (made ??= world.colleagueAdd(server, copied.url, copied.alias, where))
      : undefined;
    const run = await world.bulk(server, args, this.fault, this.killAfterMs, onFirstLine);
    const adopts = mayAdopt(model, server, rows, this.fault) || (made !== undefined && where === 'inside');
    if (made) {
      colleagueLink(model, server, made, where);
      world.figures.colleagueDuringRuns[where] += 1;
    }
    const { result, journal: stepJournal } = journaled(model, journal, () =>
      importRows(model, server, rows, this.ifExists, journal),
    );
    await settle(world, model, `${this}`, widen(result.exits, adopts), run, stepJournal);
  }
  toString = () =>
    `import --if-exists ${this.ifExists} [${this.rows.map(showRow).join(' ')}]${showFault(this.fault)}${showKill(this.killAfterMs)}${showColleague(this.colleague)}`;
}

const showColleague = (c: DuringRun | null) => (c ? ` colleague copies #${c.pick} ${c.where}` : '');

/** A row may adopt a link (the rule of evidence): it then ends ok, so a row that would fail on a taken alias may not. */
function widen(exits: Exits, adopts: boolean): Exits {
  return adopts ? new Set([...exits, 0]) : exits;
}

/**
 * Whether a lost answer may make the run adopt a link it did not make, as the rule of evidence
 * allows: a row under faults whose alias names a link to its URL made seconds before (all the
 * model's steps are within the clock tolerance of each other), or a row's before it. Called
 * before the model takes the step.
 */
function mayAdopt(model: Model, server: ServerName, rows: Row[], fault: FaultPlan | null) {
  if (!fault) return false;
  const seen = new Map(
    model.servers[server].flatMap((l) => (l.alias === undefined ? [] : [[l.alias, l.url] as const])),
  );
  let adopts = false;
  for (const row of rows) {
    if (row.invalid || row.alias === undefined) continue;
    if (seen.get(row.alias) === row.url) adopts = true;
    if (!seen.has(row.alias)) seen.set(row.alias, row.url);
  }
  return adopts;
}

class ExportStep implements Step {
  constructor(readonly fault: FaultPlan | null) {}
  check = () => true;
  async run(model: Model, world: World): Promise<void> {
    ++world.step;
    countFault(world, this.fault);
    const args = ['urls', 'export', '-o', 'ndjson', '--fields', 'id,alias,longurl'];
    let run = await world.bulk(model.current, args, this.fault);
    // An export is a read: besides the state, what it wrote must be the model's links.
    const exported = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const diff = run.code === 0 ? difference(model.servers[model.current], exported) : null;
    if (diff) run = { ...run, code: -1, stderr: `${run.stderr}\nexport differs from the model: ${diff}` };
    await settle(world, model, `${this}`, new Set([0]), run);
  }
  toString = () => `export${showFault(this.fault)}`;
}

/** `urls export > f.csv` on the current profile, then `urls import f.csv --profile OTHER --if-exists skip`. */
export class CopyStep implements Step {
  constructor(
    readonly fault: FaultPlan | null,
    readonly killAfterMs?: number,
  ) {}
  check = () => true;
  async run(model: Model, world: World): Promise<void> {
    const step = ++world.step;
    const from = model.current;
    const exported = await world.cli(['urls', 'export']);
    if (exported.code !== 0) return settle(world, model, `${this} (export)`, new Set([0]), exported);
    const file = world.file(`export-${step}.csv`, exported.stdout);
    const journal = `j${step}.journal`;
    const args = [
      'urls',
      'import',
      file,
      '--profile',
      OTHER[from],
      '--journal',
      world.at(journal),
      '--if-exists',
      'skip',
    ];
    countFault(world, this.fault);
    const run = await world.bulk(OTHER[from], args, this.fault, this.killAfterMs);
    const rows = model.servers[from].map((l) => ({ url: l.url, alias: l.alias }));
    const adopts = mayAdopt(model, OTHER[from], rows, this.fault);
    const { result, journal: stepJournal } = journaled(model, journal, () =>
      importRows(model, OTHER[from], rows, 'skip', journal),
    );
    await settle(world, model, `${this}`, widen(result.exits, adopts), run, stepJournal);
  }
  toString = () =>
    `copy (export | import --profile other --if-exists skip)${showFault(this.fault)}${showKill(this.killAfterMs)}`;
}

export class SyncStep implements Step {
  constructor(
    readonly rows: RowSpec[],
    readonly prune: boolean,
    readonly fault: FaultPlan | null,
    readonly killAfterMs?: number,
  ) {}
  check = () => true;
  async run(model: Model, world: World): Promise<void> {
    const step = ++world.step;
    const rows = this.rows.map((r) => rowOf(r, step));
    const file = world.file(`sync-${step}.csv`, csv(rows));
    const journal = `j${step}.journal`;
    const server = model.current;
    const args = ['urls', 'sync', file, '--journal', world.at(journal), '-y', ...(this.prune ? ['--prune'] : [])];
    countFault(world, this.fault);
    const run = await world.bulk(server, args, this.fault, this.killAfterMs);
    const { result, journal: stepJournal } = journaled(model, journal, () =>
      syncRows(model, server, rows, this.prune, journal),
    );
    await settle(world, model, `${this}`, result, run, stepJournal);
  }
  toString = () =>
    `sync${this.prune ? ' --prune' : ''} [${this.rows.map(showRow).join(' ')}]${showFault(this.fault)}${showKill(this.killAfterMs)}`;
}

/** Undoes one of the journals written so far (the `pick`-th, counted from the oldest), its adopted links too or not. */
export class UndoStep implements Step {
  constructor(
    readonly pick: number,
    readonly fault: FaultPlan | null,
    readonly killAfterMs?: number,
    readonly includeAdopted = false,
  ) {}
  private candidates(model: Model): string[] {
    return [...model.journals.keys()];
  }
  check = (model: Readonly<Model>) => this.candidates(model as Model).length > 0;
  async run(model: Model, world: World): Promise<void> {
    const names = this.candidates(model);
    ++world.step;
    const journal = names[this.pick % names.length];
    const server = model.current;
    countFault(world, this.fault);
    const args = [
      'urls',
      'import',
      '--undo',
      world.at(journal),
      '-y',
      ...(this.includeAdopted ? ['--include-adopted'] : []),
    ];
    const run = await world.bulk(server, args, this.fault, this.killAfterMs);
    const exits = undo(model, journal, server, this.includeAdopted);
    await settle(world, model, `${this} (${journal})`, exits, run, { name: journal, refs: [] });
  }
  toString = () =>
    `undo #${this.pick}${this.includeAdopted ? ' --include-adopted' : ''}${showFault(this.fault)}${showKill(this.killAfterMs)}`;
}

/**
 * A single command fails as a whole under a fault that keeps the request from the server (a
 * single create is not reconciled: a lost answer would leave the model guessing), so: exit 0
 * and the effect, or a failure and no effect.
 */
async function single(world: World, model: Model, args: string[], fault: FaultPlan | null, apply: () => Exits) {
  countFault(world, fault);
  await world.fault(model.current, fault);
  const run = await world.cli(args);
  const exits = fault && run.code !== 0 ? new Set([run.code ?? -1]) : apply();
  return { run, exits };
}

class AddStep implements Step {
  constructor(
    readonly url: number,
    readonly alias: number | null,
    readonly fault: FaultPlan | null,
  ) {}
  check = () => true;
  async run(model: Model, world: World): Promise<void> {
    const step = ++world.step;
    const row = rowOf(
      this.alias === null ? { kind: 'plain', url: this.url } : { kind: 'alias', alias: this.alias, url: this.url },
      step,
    );
    const args = ['urls', 'add', row.url, ...(row.alias ? ['--custom', row.alias] : [])];
    const { run, exits } = await single(world, model, args, this.fault, () => addLink(model, row.url, row.alias));
    await settle(world, model, `${this}`, exits, run);
  }
  toString = () =>
    `add ${this.alias === null ? `*u${this.url}` : `${ALIASES[this.alias]}=p${this.url}`}${showFault(this.fault)}`;
}

class UpdateStep implements Step {
  constructor(
    readonly pick: number,
    readonly url: number,
    readonly fault: FaultPlan | null,
  ) {}
  check = (model: Readonly<Model>) => model.servers[model.current].length > 0;
  async run(model: Model, world: World): Promise<void> {
    ++world.step;
    const links = model.servers[model.current];
    const alias = links[this.pick % links.length].alias as string;
    const url = `https://m.example/p${this.url}`;
    const args = ['urls', 'update', alias, '--url', url];
    const { run, exits } = await single(world, model, args, this.fault, () => {
      updateLink(model, alias, url);
      return new Set([0]);
    });
    await settle(world, model, `${this} (${alias})`, exits, run);
  }
  toString = () => `update #${this.pick} --url p${this.url}${showFault(this.fault)}`;
}

class DeleteStep implements Step {
  constructor(
    readonly pick: number,
    readonly fault: FaultPlan | null,
  ) {}
  check = (model: Readonly<Model>) => model.servers[model.current].length > 0;
  async run(model: Model, world: World): Promise<void> {
    ++world.step;
    const links = model.servers[model.current];
    const alias = links[this.pick % links.length].alias as string;
    const { run, exits } = await single(world, model, ['urls', 'delete', alias, '-y'], this.fault, () => {
      deleteLink(model, alias);
      return new Set([0]);
    });
    await settle(world, model, `${this} (${alias})`, exits, run);
  }
  toString = () => `delete #${this.pick}${showFault(this.fault)}`;
}

class SwitchStep implements Step {
  check = () => true;
  async run(model: Model, world: World): Promise<void> {
    ++world.step;
    const run = await world.cli(['profiles', 'use', OTHER[model.current]]);
    model.current = OTHER[model.current];
    await settle(world, model, `${this}`, new Set([0]), run);
  }
  toString = () => 'profile switch';
}

/** What the colleague does between runs: adds a link like a row's, or edits or deletes one. */
type ColleagueMove =
  | { kind: 'add'; alias: number | null; url: number; where: 'inside' | 'outside' }
  | { kind: 'edit'; pick: number; url: number }
  | { kind: 'delete'; pick: number };

/**
 * The colleague after a run: a link with a row's alias and URL, or with the URL of a row without
 * an alias that a run made (dated within the tolerance of now, or outside it); or it points one of
 * the account's links elsewhere, or deletes it. Never through shorty: the model's runs must
 * leave its links alone (undo never deletes them, a resume never takes them).
 */
class ColleagueStep implements Step {
  constructor(readonly move: ColleagueMove) {}
  check = (model: Readonly<Model>) => this.move.kind === 'add' || model.servers[model.current].length > 0;
  async run(model: Model, world: World): Promise<void> {
    ++world.step;
    const server = model.current;
    const links = model.servers[server];
    const move = this.move;
    let what = `${this}`;
    if (move.kind === 'add') {
      const drawn = links.filter((l) => /\/u\d+\?s=/.test(l.url));
      const url =
        move.alias === null && drawn.length > 0 ? drawn[move.url % drawn.length].url : `https://m.example/p${move.url}`;
      const made = world.colleagueAdd(server, url, move.alias === null ? undefined : ALIASES[move.alias], move.where);
      if (made) colleagueLink(model, server, made, move.where);
      what += made ? ` (${made.alias} -> ${url})` : ' (refused: alias taken)';
    } else {
      const link = links[move.pick % links.length];
      const url = move.kind === 'edit' ? `https://m.example/p${move.url}` : null;
      world.colleagueChange(server, link.id as number, url);
      if (url === null) model.servers[server] = links.filter((l) => l !== link);
      else link.url = url;
      what += ` (${link.alias})`;
    }
    await settle(world, model, what, new Set([0]), { code: 0, killed: false, stdout: '', stderr: '' });
  }
  toString = () => {
    const m = this.move;
    if (m.kind === 'add')
      return `colleague add ${m.alias === null ? `*u#${m.url}` : `${ALIASES[m.alias]}=p${m.url}`} ${m.where}`;
    return m.kind === 'edit' ? `colleague edit #${m.pick} -> p${m.url}` : `colleague delete #${m.pick}`;
  };
}

// ---- generators ----

const rowSpec: fc.Arbitrary<RowSpec> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('alias' as const), alias: fc.nat(5), url: fc.nat(3) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('plain' as const), url: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'bad-url' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bad-alias' as const), url: fc.nat(3) }) },
);
const syncRowSpec: fc.Arbitrary<RowSpec> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('alias' as const), alias: fc.nat(5), url: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('plain' as const), url: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'bad-url' as const }) },
);

/** Faults a bulk write rides out; a held answer (slow: in time, late: past the timeout) on top. */
const WRITE_FAULTS: FaultMode[] = ['lost', 'reset', 'drop', 'html500', 'html502', 'truncated', 'empty', 'html404'];
/** Faults that keep a request from the server: a single command fails and changes nothing. */
const UNSENT_FAULTS: FaultMode[] = ['html500', 'html404', 'drop', 'empty'];

function faultPlan(modes: FaultMode[], held: boolean): fc.Arbitrary<FaultPlan | null> {
  const plan = fc.record({
    modes: fc.subarray(modes, { minLength: 1, maxLength: 3 }),
    rate: fc.constantFrom(0.15, 0.3, 0.5),
    seed: fc.nat(9999),
    held: held ? fc.constantFrom(null, null, 'slow' as const, 'late' as const) : fc.constant(null),
  });
  return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: plan });
}

const writeFault = faultPlan(WRITE_FAULTS, true);
const undoFault = faultPlan(WRITE_FAULTS, true);
const singleFault = faultPlan(UNSENT_FAULTS, false);
const where = fc.constantFrom('inside' as const, 'outside' as const);
/** Now and then the colleague copies one of the run's rows while it runs. */
const duringRun: fc.Arbitrary<DuringRun | null> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.record({ pick: fc.nat(5), where }) },
);
const colleagueMove: fc.Arbitrary<ColleagueMove> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      alias: fc.option(fc.nat(5), { nil: null }),
      url: fc.nat(3),
      where,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(20), url: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(20) }) },
);

/** Past node's start (~100 ms) most kills land among the requests. */
const kill = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.integer({ min: 80, max: 900 }) },
);

export const STEPS: fc.Arbitrary<Step>[] = [
  fc
    .tuple(
      fc.array(rowSpec, { minLength: 1, maxLength: 6 }),
      fc.constantFrom('skip' as const, 'fail' as const),
      writeFault,
      kill,
      duringRun,
    )
    .map(([rows, ifExists, fault, ms, colleague]) => new ImportStep(rows, ifExists, fault, ms, colleague)),
  fc
    .tuple(fc.array(syncRowSpec, { maxLength: 6 }), fc.boolean(), writeFault, kill)
    .map(([rows, prune, fault, ms]) => new SyncStep(rows, prune, fault, ms)),
  fc
    .tuple(fc.nat(20), undoFault, kill, fc.boolean())
    .map(([pick, fault, ms, adopted]) => new UndoStep(pick, fault, ms, adopted)),
  faultPlan(['html500', 'drop', 'lost', 'reset', 'html404'], false).map((fault) => new ExportStep(fault)),
  fc.tuple(writeFault, kill).map(([fault, ms]) => new CopyStep(fault, ms)),
  fc.tuple(fc.nat(3), fc.option(fc.nat(5), { nil: null }), singleFault).map(([u, a, f]) => new AddStep(u, a, f)),
  fc.tuple(fc.nat(20), fc.nat(3), singleFault).map(([pick, u, f]) => new UpdateStep(pick, u, f)),
  fc.tuple(fc.nat(20), singleFault).map(([pick, f]) => new DeleteStep(pick, f)),
  fc.constant(new SwitchStep()),
  colleagueMove.map((move) => new ColleagueStep(move)),
];
