// Whether a new service worker is waiting (docs/runtime.md "Service worker"), apart from the
// registration: the page loader asks on every navigation from the first task on, while the
// registration itself loads when the browser is idle (issue 48).

export const UPDATE_READY_EVENT = 'guichet:update-ready';

let updateReady = false;
let resourcesFailed = false;

/** True once a new worker is installed: the next navigation loads the new build in full. */
export function isUpdateReady(): boolean {
  return updateReady;
}

/** Notes that page resources failed to load; with an update ready, that means reload now. */
export function noteResourceFailure(): void {
  resourcesFailed = true;
  if (updateReady) window.location.reload();
}

/** Notes that a new worker is installed: tells the page, and reloads if resources failed. */
export function noteUpdateReady(): void {
  updateReady = true;
  window.dispatchEvent(new CustomEvent(UPDATE_READY_EVENT));
  if (resourcesFailed) window.location.reload();
}
