// The bulk commands against a model of the account's links: a short fixed-seed run of random
// steps under faults and kills (bench/soak.mjs runs the long one), and the sequences the model
// found on the way, kept as regressions.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { modelProperty } from './run.js';
import { noFigures } from './world.js';

test('random bulk steps under faults and kills leave the sandboxes equal to the model (fixed seed)', async () => {
  const figures = noFigures();
  await fc.assert(modelProperty(ROOT, figures, Number(process.env.MODEL_STEPS ?? 12)), {
    seed: Number(process.env.MODEL_SEED ?? 27),
    numRuns: Number(process.env.MODEL_RUNS ?? 1),
    endOnFailure: true,
    // Biased runs start with the smallest sequences: one run of a few steps would be one step.
    plugins: [fc.unbiased()],
  });
  console.log(JSON.stringify(figures));
  expect(figures.steps).toBeGreaterThan(0);
}, 120_000);
