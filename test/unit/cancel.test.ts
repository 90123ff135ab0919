import { describe, expect, it } from 'vitest';
import { anySignal, CancelController } from '../../src/cancel.js';

describe('CancelController', () => {
  it('aborts once, with the first reason, and calls a once-listener once', () => {
    const controller = new CancelController();
    const calls: unknown[] = [];
    controller.signal.addEventListener('abort', () => calls.push(controller.signal.reason), { once: true });
    expect(controller.signal.aborted).toBe(false);
    controller.abort('first');
    controller.abort('second');
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe('first');
    expect(calls).toEqual(['first']);
    expect(() => controller.signal.throwIfAborted()).toThrow();
  });

  it('forgets a removed listener, once-listeners included', () => {
    const controller = new CancelController();
    let called = 0;
    const listener = () => { called += 1; };
    controller.signal.addEventListener('abort', listener, { once: true });
    controller.signal.removeEventListener('abort', listener);
    controller.abort(new Error('stop'));
    expect(called).toBe(0);
    expect(controller.signal.listenerCount('abort')).toBe(0);
  });

  it('takes more than ten listeners without a leak warning', () => {
    const controller = new CancelController();
    for (let i = 0; i < 50; i++) controller.signal.addEventListener('abort', () => {}, { once: true });
    expect(controller.signal.getMaxListeners()).toBe(0);
  });
});

describe('anySignal', () => {
  it('aborts with the reason of whichever source aborts, AbortSignals included', () => {
    const mine = new CancelController();
    const web = new AbortController();
    const either = anySignal([mine.signal, web.signal]);
    expect(either.signal.aborted).toBe(false);
    web.abort('from web');
    expect(either.signal.reason).toBe('from web');
    either.dispose();
    expect(mine.signal.listenerCount('abort')).toBe(0);
  });

  it('is aborted at once when a source already is', () => {
    const done = new CancelController();
    done.abort('early');
    expect(anySignal([new CancelController().signal, done.signal]).signal.reason).toBe('early');
  });

  it('unhooks from its sources on dispose', () => {
    const a = new CancelController();
    const either = anySignal([a.signal]);
    either.dispose();
    a.abort('late');
    expect(either.signal.aborted).toBe(false);
  });
});
