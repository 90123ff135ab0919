// The in-process runs not finished yet (test/helpers/in-process.ts), by the controller that
// cancels each: a module of its own, so that per-file.ts reaches it without loading the sources.
const running = new Set<AbortController>();

export function trackRun(cancel: AbortController): () => void {
  running.add(cancel);
  return () => running.delete(cancel);
}

/** Cancels the in-process runs a test left running, as Ctrl-C would (test/helpers/per-file.ts). */
export function stopStrayRuns(): number {
  const stray = [...running];
  for (const cancel of stray) cancel.abort(new Error('the test ended before this run'));
  running.clear();
  return stray.length;
}
