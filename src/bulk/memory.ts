import { setFlagsFromString } from 'node:v8';

/**
 * Peak memory of a bulk run, which must not depend on the input's length. Two V8 habits cost
 * about 60 MiB of RSS for nothing here; both flags are read when V8 acts, so setting them at run
 * time works (the heap's size limits, fixed at start-up, would not):
 * - the young generation grows to its maximum (two 16 MiB semi-spaces) under a brisk allocation
 *   pace, although a run keeps little alive (one chunk, a few rows in flight); at its starting
 *   size it costs only a few more cheap scavenges;
 * - after some hundred requests the HTTP parser's WebAssembly tiers up to optimised code, compiled
 *   on a background thread whose ~35 MiB of scratch memory stays with the process; the baseline
 *   code is fast enough for API responses of a few hundred bytes.
 * Call before the first request, once the HTTP client is loaded: while V8's flags differ from
 * those it started with, it refuses every code cache (Node's for its own modules, ours for
 * dist/*.cjs), so undici's chunk loaded afterwards would be compiled from source.
 */
export function keepMemoryFlat(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--liftoff-only');
}
