// A part below the fold waits until it comes near the view or takes the focus, once (issue 48).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { NEAR_MARGIN, whenNear } from './when-near.ts';

let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
let options: IntersectionObserverInit | undefined;
const disconnect = vi.fn();

beforeEach(() => {
  disconnect.mockClear();
  window.IntersectionObserver = class {
    constructor(callback: (entries: { isIntersecting: boolean }[]) => void, init?: object) {
      report = callback;
      options = init;
    }
    observe() {}
    disconnect = disconnect;
  } as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  // @ts-expect-error jsdom has none; the test put one in.
  delete window.IntersectionObserver;
  document.body.innerHTML = '';
});

it('waits until the part is within a viewport height of the view, then calls once', () => {
  const part = document.createElement('section');
  const near = vi.fn();
  whenNear(part, near);
  expect(options?.rootMargin).toBe(NEAR_MARGIN);
  report?.([{ isIntersecting: false }]);
  expect(near).toHaveBeenCalledTimes(0);
  report?.([{ isIntersecting: true }]);
  report?.([{ isIntersecting: true }]);
  expect(near).toHaveBeenCalledTimes(1);
  expect(disconnect).toHaveBeenCalledTimes(1);
});

it('calls when focus enters the part before it is near', () => {
  const part = document.createElement('section');
  const button = document.createElement('button');
  part.append(button);
  document.body.append(part);
  const near = vi.fn();
  whenNear(part, near);
  button.focus();
  report?.([{ isIntersecting: true }]);
  expect(near).toHaveBeenCalledTimes(1);
});

it('calls nothing once stopped', () => {
  const part = document.createElement('section');
  const near = vi.fn();
  whenNear(part, near)();
  report?.([{ isIntersecting: true }]);
  part.dispatchEvent(new FocusEvent('focusin'));
  expect(near).toHaveBeenCalledTimes(0);
});
