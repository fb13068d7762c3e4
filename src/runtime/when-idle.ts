// Work that can wait leaves the page's first task (issue 48): it runs when the browser is idle,
// or just after the reader's first input (never inside it), whichever comes first. The service
// worker's registration, the prefetch observers and the statistics' setup start this way.

const INPUTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/** Calls `callback` once, when the browser is idle (within `timeout` ms) or after the first input. */
export function whenIdle(callback: () => void, timeout = 2000): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    for (const type of INPUTS) document.removeEventListener(type, afterInput, true);
    callback();
  };
  // The input's own handlers run first: the callback goes in a task of its own after them.
  const afterInput = () => setTimeout(run, 0);
  for (const type of INPUTS)
    document.addEventListener(type, afterInput, { capture: true, passive: true, once: true });
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout });
  else setTimeout(run, 200);
}
