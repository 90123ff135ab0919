import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestSignal } from '../../src/api/request-signal.js';

describe('a request signal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('aborts with the run signal, with its reason', () => {
    const run = new AbortController();
    const { signal, timedOut } = requestSignal(run.signal, 10_000);
    run.abort('interrupted');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('interrupted');
    expect(timedOut()).toBe(false);
  });

  it('starts aborted when the run already is', () => {
    const run = new AbortController();
    run.abort('early');
    expect(requestSignal(run.signal, 10_000).signal.reason).toBe('early');
  });

  it('times out after ms, and says so', () => {
    vi.useFakeTimers();
    const { signal, timedOut } = requestSignal(new AbortController().signal, 1000);
    vi.advanceTimersByTime(999);
    expect(signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe('TimeoutError');
    expect(timedOut()).toBe(true);
  });

  // What a long import needs: a finished request leaves no timer and no listener behind.
  it('once disposed, leaves no timer and no listener on the run signal', () => {
    vi.useFakeTimers();
    const run = new AbortController();
    const added = vi.spyOn(run.signal, 'addEventListener');
    const removed = vi.spyOn(run.signal, 'removeEventListener');
    const { signal, dispose } = requestSignal(run.signal, 1000);
    dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(removed.mock.calls[0]?.[1]).toBe(added.mock.calls[0]?.[1]);
    run.abort('late');
    expect(signal.aborted).toBe(false);
  });
});
