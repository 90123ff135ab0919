import { setMaxListeners } from 'node:events';
import { main } from './cli.js';
import { abortableSleep } from './util/sleep.js';
import { CancelError, EXIT, OutputError } from './errors.js';
import { fileErrorReason } from './file-errors.js';
import { processIO } from './io.js';
import { maskRequestSecrets } from './api/redact.js';
import { createSecrets } from './util/secrets.js';
import { redactWrites } from './util/redacted-writes.js';

/**
 * The signals that stop a run, and how it then ends: as Ctrl-C does (the rows on the wire
 * journaled, the summary, --failed-out, temp files, lock and spool removed), with the exit code a
 * shell gives a process killed by that signal (128 + its number), so a supervisor still sees which
 * one it was. SIGHUP is a closed terminal or a dropped SSH session; SIGQUIT is Ctrl-\.
 */
const STOPS = {
  SIGINT: ['interrupted', EXIT.interrupted],
  SIGTERM: ['terminated', EXIT.terminated],
  SIGHUP: ['hung up', EXIT.hangup],
  SIGQUIT: ['quit', EXIT.quit],
} as const;

/**
 * The process-facing shell around main(): signals, failing output streams, what libraries write
 * to stderr on their own, exit code, nothing else.
 */
export function run(argv: string[]): void {
  const controller = new AbortController();
  // Every request in flight and every wait listens to Ctrl-C: a long import has many, none a leak.
  setMaxListeners(0, controller.signal);
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    const [message, code] = STOPS[signal as keyof typeof STOPS];
    received ??= signal;
    // A run already stopping (a first signal, or its output went away) ends now: the graceful
    // shutdown is skipped (journals are flushed per row).
    if (controller.signal.aborted) exit(code, signal);
    controller.abort(new CancelError(message, code));
  };
  for (const signal of Object.keys(STOPS)) process.on(signal, onSignal);

  // A failing stdout or stderr stops the run like a signal; main() says why and picks the exit code.
  const io = processIO((err, stream) => {
    const reason = err.code === 'EPIPE' ? 'the reader closed it (EPIPE)' : fileErrorReason(err);
    if (!controller.signal.aborted) controller.abort(new OutputError(stream, err.code, reason));
  });
  // The run's secrets are made here, so that what libraries print on stderr under DEBUG or
  // NODE_DEBUG (request headers and bodies, Redis's AUTH) is hidden like shorty's own lines.
  const secrets = createSecrets();
  redactWrites(process.stderr, (text) => maskRequestSecrets(secrets.redact(text)));
  main(argv, {
    io,
    secrets,
    env: process.env,
    now: () => Date.now(),
    sleep: abortableSleep,
    signal: controller.signal,
  }).then((code) => {
    // Wait for stdout to drain so a pipe reader gets every byte, then exit even if an idle
    // keep-alive socket or timer is still around.
    io.flush(() => exit(code, received));
  });
}

/** Signals a calling shell must see as the cause of the end, or a `for` loop goes on to its next turn. */
const DIE_BY = new Set<NodeJS.Signals>(['SIGINT', 'SIGTERM', 'SIGHUP']);

/**
 * Ends the process: by the signal that stopped the run when the run ended because of it (its
 * default action, now that shorty's handler is gone, so `$?` still reads 128 + its number), else
 * with `code` (a clean-up that failed says so by its own code; the sandbox's stop is a success).
 */
function exit(code: number, signal: NodeJS.Signals | undefined): never {
  const endedBy = signal && DIE_BY.has(signal) && code === STOPS[signal as keyof typeof STOPS][1];
  if (endedBy && process.platform !== 'win32') {
    process.removeAllListeners(signal);
    try {
      process.kill(process.pid, signal);
    } catch {
      // Not allowed to signal itself (a sandboxed runtime): the exit code says the same.
    }
  }
  return process.exit(code);
}
