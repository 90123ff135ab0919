import { EventEmitter } from 'node:events';

/**
 * What shorty asks of a cancellation signal: AbortSignal's `aborted`, `reason` and 'abort'
 * listeners. Every AbortSignal is one (tests pass them), and so is a CancelController's.
 */
export interface CancelSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * AbortSignal's listener API on an EventEmitter. The first AbortController of a process and its
 * first 'abort' listener cost ~0.8 ms (Node loads its EventTarget code and compiles it on first
 * use), and every request command made both; EventEmitter's code is already warm, commander
 * runs on it. Whoever is handed this signal uses only that API: undici and inquirer see an
 * EventEmitter, Node's stream and readline helpers call addEventListener.
 */
export class EmitterSignal extends EventEmitter implements CancelSignal {
  aborted = false;
  reason: unknown = undefined;

  constructor() {
    super();
    // A long import has a listener per request in flight and per wait: none of them is a leak.
    this.setMaxListeners(0);
  }

  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void {
    if (options?.once) this.once(type, listener);
    else this.on(type, listener);
  }

  removeEventListener(type: 'abort', listener: () => void): void {
    this.removeListener(type, listener);
  }

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }
}

/** AbortController for an EmitterSignal: abort() sets the reason and calls the listeners once. */
export class CancelController {
  readonly signal = new EmitterSignal();

  abort(reason: unknown): void {
    const { signal } = this;
    if (signal.aborted) return;
    signal.aborted = true;
    signal.reason = reason;
    signal.emit('abort');
  }
}

/**
 * For an API typed with AbortSignal that only listens to it (Node's stream helpers, inquirer's
 * prompts): the members they use are the ones CancelSignal has.
 */
export function asAbortSignal(signal: CancelSignal): AbortSignal {
  return signal as AbortSignal;
}

/**
 * Aborted with the reason of the first of `signals` to abort, like AbortSignal.any (which takes
 * only AbortSignals). `dispose` unhooks it from them once it is no longer needed.
 */
export function anySignal(signals: CancelSignal[]): { signal: EmitterSignal; dispose(): void } {
  const controller = new CancelController();
  const already = signals.find((s) => s.aborted);
  if (already) {
    controller.abort(already.reason);
    return { signal: controller.signal, dispose: () => {} };
  }
  const hooks = signals.map((source) => {
    const onAbort = () => controller.abort(source.reason);
    source.addEventListener('abort', onAbort, { once: true });
    return () => source.removeEventListener('abort', onAbort);
  });
  return { signal: controller.signal, dispose: () => hooks.forEach((unhook) => unhook()) };
}
