// Runs the model: one property (random step sequences, each on two fresh sandboxes), used by the
// fixed-seed test and, many seeds over, by bench/soak.mjs.
import fc from 'fast-check';
import { Divergence, STEPS } from './commands.js';
import { emptyModel, type Model } from './links-model.js';
import { type Figures, noFigures, type Processes, World } from './world.js';

/** Runs a given list of steps from empty sandboxes (the regression tests). */
export async function runSteps(
  root: string,
  steps: Iterable<fc.AsyncCommand<Model, World>>,
  figures = noFigures(),
  processes: Processes = 'killed',
) {
  const world = await World.open(root, figures, processes);
  try {
    await fc.asyncModelRun(() => ({ model: emptyModel(), real: world }), steps);
  } finally {
    await world.close();
  }
  return figures;
}

/** Sequences of `minCommands` to `maxCommands` steps, each run on two fresh sandboxes. */
export function modelProperty(
  root: string,
  figures: Figures,
  maxCommands: number,
  minCommands = 1,
  processes: Processes = 'killed',
) {
  // A filter no sequence can pass would have fast-check generate forever, silently.
  if (minCommands > maxCommands) throw new Error(`at least ${minCommands} steps asked of at most ${maxCommands}`);
  const sequences = fc.commands(STEPS, { maxCommands, size: 'max' }).filter((s) => [...s].length >= minCommands);
  return fc.asyncProperty(sequences, (steps) => runSteps(root, steps, figures, processes).then(() => undefined));
}

export interface Finding {
  seed: number;
  divergence: boolean;
  message: string;
}

/**
 * Sequences of up to `maxCommands` steps, seed after seed from `seed`, until `steps` steps ran.
 * A sequence that fails is recorded (not shrunk: each step costs processes) and the next one starts.
 */
export async function soak(opts: {
  root: string;
  seed: number;
  steps: number;
  maxCommands: number;
  progress?: (figures: Figures, findings: Finding[]) => void;
}): Promise<{ figures: Figures; findings: Finding[] }> {
  const figures = noFigures();
  const findings: Finding[] = [];
  for (let seed = opts.seed; figures.steps < opts.steps; seed++) {
    // Every run a process: the long proof runs the binary as users do.
    const result = await fc.check(modelProperty(opts.root, figures, opts.maxCommands, 1, 'all'), {
      seed,
      numRuns: 1,
      endOnFailure: true,
      plugins: [fc.unbiased()],
    });
    if (result.failed) {
      const error = result.errorInstance;
      findings.push({
        seed,
        divergence: error instanceof Divergence,
        message: error instanceof Error ? error.message : String(error),
      });
    }
    opts.progress?.(figures, findings);
  }
  return { figures, findings };
}
