// Work that can wait runs when the browser is idle or after the first input, once, and never
// inside the input's own task (issue 48).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

describe('whenIdle', () => {
  let idle: (() => void) | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    idle = undefined;
    window.requestIdleCallback = (callback: IdleRequestCallback) => {
      idle = () => {
        callback({ didTimeout: false, timeRemaining: () => 10 });
      };
      return 1;
    };
  });
  afterEach(() => {
    vi.useRealTimers();
    // @ts-expect-error jsdom has none; the test put one in.
    delete window.requestIdleCallback;
  });

  it('runs the work when the browser is idle, once', () => {
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    idle?.();
    document.dispatchEvent(new KeyboardEvent('keydown'));
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs the work after the first input, in a task of its own, and not again when idle', () => {
    const work = vi.fn();
    whenIdle(work);
    document.dispatchEvent(new PointerEvent('pointerdown'));
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    idle?.();
    document.dispatchEvent(new KeyboardEvent('keydown'));
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits 200 ms where the browser has no requestIdleCallback', () => {
    // @ts-expect-error removed for this test: Safari has none.
    delete window.requestIdleCallback;
    const work = vi.fn();
    whenIdle(work);
    vi.advanceTimersByTime(199);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
