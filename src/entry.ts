import { setMaxListeners } from 'node:events';
import { main } from './cli.js';
import { abortableSleep } from './util/sleep.js';
import { CancelError } from './errors.js';
import { processIO } from './io.js';

/** `shorty urls list | head` closes the pipe early: that is the reader's choice, not an error. */
function exitOnClosedPipe(err: NodeJS.ErrnoException): void {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
}

/** The process-facing shell around main(): signals, exit code, nothing else. */
export function run(argv: string[]): void {
  const controller = new AbortController();
  // Every request in flight and every wait listens to Ctrl-C: a long import has many, none a leak.
  setMaxListeners(0, controller.signal);
  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts += 1;
    // A second Ctrl-C means "now": skip the graceful shutdown (journals are flushed per row).
    if (interrupts > 1) process.exit(130);
    controller.abort(new CancelError(signal === 'SIGTERM' ? 'terminated' : 'interrupted'));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const io = processIO(exitOnClosedPipe);
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
