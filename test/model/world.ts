// The real side of the model-based test: two sandboxes in this process (their store is read
// directly, never through shorty), a config folder with one profile for each, and the runs of
// shorty, under the faults a step asks the sandbox for. A run that a step kills is the built CLI
// as a real process (a kill -9 is the subject there); the others run main() in this process unless
// `processes` says every run (the soak), the same code without a Node start for each.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FaultMode } from '../../src/sandbox/faults.js';
import { formatDateTime } from '../../src/sandbox/format.js';
import { readLinkBody } from '../../src/sandbox/modern/link-body.js';
import { createLink } from '../../src/sandbox/modern/links.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import type { ActualLink, JournalLine, ServerName } from './links-model.js';
import { runInProcess } from '../helpers/in-process.js';
import { until } from '../helpers/until.js';

/** A fault setting for one step: a seeded fraction of the API requests fail in one of `modes`. */
export interface FaultPlan {
  modes: FaultMode[];
  rate: number;
  seed: number;
  /** A held answer: `slow` answers in time and only then does the work; `late` is past the client's timeout. */
  held: 'slow' | 'late' | null;
}

/** How far outside the clock tolerance (5 s) the colleague dates a link it makes "outside". */
const OUTSIDE_MS = 20_000;

/** The client's timeout, and the two holds: `slow` within it, `late` past it. */
const TIMEOUT_S = 1.5;
const HOLD_MS = { slow: 150, late: 1800 } as const;

/** A run still going after this long has hung. */
const HANG_MS = 60_000;

/** Which runs are processes of their own: the killed ones (the test), or all (the soak). */
export type Processes = 'killed' | 'all';

export interface Figures {
  steps: number;
  sequences: number;
  processes: number;
  faultedSteps: number;
  faults: number;
  faultsByMode: Record<string, number>;
  kills: number;
  resumes: number;
  divergences: number;
  stepsByKind: Record<string, number>;
  /** the colleague's links made while a run ran, inside and outside the clock tolerance */
  colleagueDuringRuns: { inside: number; outside: number };
}

export function noFigures(): Figures {
  return {
    steps: 0,
    sequences: 0,
    processes: 0,
    faultedSteps: 0,
    faults: 0,
    faultsByMode: {},
    kills: 0,
    resumes: 0,
    divergences: 0,
    stepsByKind: {},
    colleagueDuringRuns: { inside: 0, outside: 0 },
  };
}

export interface CliRun {
  code: number | null;
  killed: boolean;
  stdout: string;
  stderr: string;
}

export class World {
  /** the steps so far, as a reproduction reads them */
  readonly trail: string[] = [];
  step = 0;

  private constructor(
    readonly root: string,
    readonly dir: string,
    readonly servers: Record<ServerName, Sandbox>,
    readonly figures: Figures,
    readonly processes: Processes,
  ) {}

  static async open(root: string, figures: Figures, processes: Processes = 'killed'): Promise<World> {
    const dir = mkdtempSync(join(tmpdir(), 'shorty-model-'));
    const [a, b] = await Promise.all([createSandbox({ rateLimit: 'off' }), createSandbox({ rateLimit: 'off' })]);
    const profile = (s: Sandbox) => ({ 'base-url': s.url, 'api-key': s.apiKey });
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ current: 'a', profiles: { a: profile(a), b: profile(b) } }),
      {
        mode: 0o600,
      },
    );
    figures.sequences += 1;
    return new World(root, dir, { a, b }, figures, processes);
  }

  async close(): Promise<void> {
    await Promise.all([this.servers.a.close(), this.servers.b.close()]);
    rmSync(this.dir, { recursive: true, force: true });
  }

  file(name: string, text: string): string {
    const path = this.at(name);
    writeFileSync(path, text);
    return path;
  }

  /** A file of the world's folder by its whole path: a run in this process has the test's cwd. */
  at(name: string): string {
    return join(this.dir, name);
  }

  links(server: ServerName): ActualLink[] {
    return this.servers[server].store.state.links.map(({ id, alias, longurl }) => ({ id, alias, longurl }));
  }

  /** A journal's records (of rows, not its owner), as the runs left it; none when it was never written. */
  journal(name: string): JournalLine[] {
    const path = join(this.dir, name);
    if (!existsSync(path)) return [];
    return readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line) => {
        try {
          const rec = JSON.parse(line);
          return typeof rec?.status === 'string' ? [rec as JournalLine] : [];
        } catch {
          return [];
        }
      });
  }

  /**
   * The colleague: another client of the account, writing to the server's store directly (no
   * request, so no fault of a step meets it). Its link is dated now (inside the tolerance of a send
   * going on), or 20 s before (outside it). Undefined when the server refuses it (the alias is taken).
   */
  colleagueAdd(
    server: ServerName,
    url: string,
    alias: string | undefined,
    where: 'inside' | 'outside',
  ): ActualLink | undefined {
    const { store } = this.servers[server];
    let made: ReturnType<typeof createLink>;
    try {
      const { channel: _, ...patch } = readLinkBody(store, alias === undefined ? { url } : { url, custom: alias });
      made = createLink(store, patch);
    } catch {
      return undefined;
    }
    if (where === 'outside') made.date = formatDateTime(new Date(store.now().getTime() - OUTSIDE_MS));
    store.changed();
    return { id: made.id, alias: made.alias, longurl: made.longurl };
  }

  /** The colleague points a link elsewhere, or deletes it. */
  colleagueChange(server: ServerName, id: number, url: string | null): void {
    const { store } = this.servers[server];
    const link = store.findLink(id);
    if (!link) throw new Error(`the colleague's link ${id} is not there`);
    if (url === null) store.removeLink(link);
    else link.longurl = url;
    store.changed();
  }

  async fault(server: ServerName, plan: FaultPlan | null): Promise<void> {
    const body = plan
      ? {
          modes: plan.held ? [...plan.modes, plan.held] : plan.modes,
          rate: plan.rate,
          seed: plan.seed,
          delayMs: plan.held ? HOLD_MS[plan.held] : 0,
        }
      : { mode: null };
    await this.admin(server, 'faults', body);
  }

  /** Counts the faults the servers met during the step, then clears their faults and logs. */
  async endStep(): Promise<void> {
    for (const server of ['a', 'b'] as const) {
      for (const entry of this.servers[server].requests()) {
        if (!entry.fault) continue;
        this.figures.faults += 1;
        this.figures.faultsByMode[entry.fault] = (this.figures.faultsByMode[entry.fault] ?? 0) + 1;
      }
      await this.admin(server, 'faults', { mode: null });
      await this.admin(server, 'reset');
    }
  }

  private async admin(server: ServerName, path: string, body?: unknown): Promise<void> {
    const res = await fetch(`${this.servers[server].url}/__sandbox/${path}`, {
      method: 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sandbox ${path}: ${res.status} ${await res.text()}`);
  }

  /**
   * A run of shorty: the built CLI as a process of its own when it is to be killed (SIGKILL after
   * `killAfterMs` when it still runs) or every run is, else main() in this process.
   */
  cli(args: string[], killAfterMs?: number, onFirstLine?: () => void): Promise<CliRun> {
    if (killAfterMs === undefined && this.processes === 'killed') return this.inProcess(args, onFirstLine);
    this.figures.processes += 1;
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env))
      if (v !== undefined && !/^(SHORTY_|NODE_OPTIONS$|NO_COLOR$|FORCE_COLOR$)|_proxy$/i.test(k)) env[k] = v;
    Object.assign(env, this.runEnv(), { SHORTY_CONFIG_DIR: this.dir, TMPDIR: this.dir });
    const child = spawn(process.execPath, [join(this.root, 'bin', 'shorty.js'), ...args], {
      cwd: this.dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      // The first result line: the run is under way, rows after it may still be on the wire.
      if (stdout === '') onFirstLine?.();
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const kill = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    // A run that hangs is a finding of its own, not a reason to hang the suite.
    const hung = setTimeout(() => child.kill('SIGKILL'), HANG_MS);
    return new Promise((resolve) => {
      child.on('close', (code, signal) => {
        clearTimeout(kill);
        clearTimeout(hung);
        resolve({ code, killed: signal === 'SIGKILL', stdout, stderr });
      });
    });
  }

  /** What every run is given, in a process or not, besides SHORTY_CONFIG_DIR (the world's folder). */
  private runEnv(): Record<string, string> {
    return { SHORTY_RATE_LIMIT: '1000/1s', SHORTY_RETRY_BACKOFF: '2ms,20ms', SHORTY_TIMEOUT: String(TIMEOUT_S) };
  }

  private async inProcess(args: string[], onFirstLine?: () => void): Promise<CliRun> {
    let seen = false;
    const res = await runInProcess(args, {
      configDir: this.dir,
      env: this.runEnv(),
      // A run that hangs fails the sequence, naming the command.
      timeout: HANG_MS,
      onStdout: () => {
        if (!seen) onFirstLine?.();
        seen = true;
      },
    });
    return { code: res.exitCode, killed: false, stdout: res.stdout, stderr: res.stderr };
  }

  /**
   * Runs a bulk command (a step's first run under its faults and kill), then resumes it, the same
   * command again, while it was killed or failed under faults: once under the same faults, then
   * without them. Returns the last run.
   */
  async bulk(
    server: ServerName,
    args: string[],
    fault: FaultPlan | null,
    killAfterMs?: number,
    onFirstLine?: () => void,
  ): Promise<CliRun> {
    await this.fault(server, fault);
    let run = await this.cli(args, killAfterMs, onFirstLine);
    if (run.killed) {
      this.figures.kills += 1;
      // What a held request does after its client is gone happens before the user reruns. Its bytes
      // reached the server before the client died: one poll phase (setImmediate comes after it)
      // has the server take them in, and `answering` counts them until their answers are done.
      if (fault?.held) {
        await new Promise(setImmediate);
        await until(() => this.servers[server].stats.answering === 0);
      }
    }
    if (run.killed || (fault && run.code !== 0)) {
      this.figures.resumes += 1;
      run = await this.cli(args);
    }
    if (fault && run.code !== 0) {
      await this.fault(server, null);
      this.figures.resumes += 1;
      run = await this.cli(args);
    }
    return run;
  }
}
