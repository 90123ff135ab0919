/**
 * One request's signal: aborted by Ctrl-C (`parent`) or after `ms`, and undone as soon as the
 * request ends. Not AbortSignal.timeout + AbortSignal.any: their timer and their links from the
 * run's signal outlive the request for the whole timeout, so a fast import kept tens of
 * thousands of finished requests in memory (its peak grew with the input's length).
 */
export function requestSignal(parent: AbortSignal, ms: number) {
  const controller = new AbortController();
  let expired = false;
  const onAbort = () => controller.abort(parent.reason);
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, ms);
  timer.unref();
  if (parent.aborted) onAbort();
  else parent.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose: () => {
      clearTimeout(timer);
      parent.removeEventListener('abort', onAbort);
    },
  };
}
