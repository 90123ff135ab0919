import { setMaxListeners } from 'node:events';
import { main } from './cli.js';
import { abortableSleep } from './util/sleep.js';
import { CancelError, EXIT, OutputError } from './errors.js';
import { fileErrorReason } from './file-errors.js';
import { processIO } from './io.js';

/** The process-facing shell around main(): signals, failing output streams, exit code, nothing else. */
export function run(argv: string[]): void {
  const controller = new AbortController();
  // Every request in flight and every wait listens to Ctrl-C: a long import has many, none a leak.
  setMaxListeners(0, controller.signal);
  const onSignal = (signal: NodeJS.Signals) => {
    const code = signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
    // A run already stopping (a first signal, or its output went away) ends now: the graceful
    // shutdown is skipped (journals are flushed per row).
    if (controller.signal.aborted) process.exit(code);
    controller.abort(new CancelError(signal === 'SIGTERM' ? 'terminated' : 'interrupted', code));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // A failing stdout or stderr stops the run like a signal; main() says why and picks the exit code.
  const io = processIO((err, stream) => {
    const reason = err.code === 'EPIPE' ? 'the reader closed it (EPIPE)' : fileErrorReason(err);
    if (!controller.signal.aborted) controller.abort(new OutputError(stream, err.code, reason));
  });
  main(argv, {
    io,
    env: process.env,
    now: () => Date.now(),
    sleep: abortableSleep,
    signal: controller.signal,
  }).then((code) => {
    // Wait for stdout to drain so a pipe reader gets every byte, then exit even if an idle
    // keep-alive socket or timer is still around.
    io.flush(() => process.exit(code));
  });
}
