// A part far below the fold fetches its code only when the reader comes near it (issue 48):
// "Was this page useful?" and the share dialog are not in a page's traffic when nobody scrolls
// to them. Near means within one viewport height below the view, so the chunk has that much
// scrolling to arrive before the part shows; focus inside it counts too (a keyboard reader).

/** Margin of the view: one viewport height below it counts as near. */
export const NEAR_MARGIN = '0px 0px 100% 0px';

/**
 * Calls `callback` once, when `element` comes near the view or takes the focus (at once without
 * IntersectionObserver); returns a function that stops waiting.
 */
export function whenNear(element: Element, callback: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    callback();
    return () => undefined;
  }
  let waiting = true;
  const stop = () => {
    waiting = false;
    observer.disconnect();
    element.removeEventListener('focusin', run);
  };
  const run = () => {
    if (!waiting) return;
    stop();
    callback();
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) run();
    },
    { rootMargin: NEAR_MARGIN },
  );
  observer.observe(element);
  element.addEventListener('focusin', run);
  return stop;
}
