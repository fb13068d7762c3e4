// "Was this page useful?" as the templates render it: at the end of the page, so its code is a
// chunk of its own that the browser fetches when the reader comes near it, not in the page's
// first script nor in the traffic of a reader who never scrolls down (issue 48).
import { deferred } from './deferred.ts';

export const PageFeedback = deferred(
  () => import('./PageFeedback.tsx').then((module) => module.PageFeedback),
  { near: '.page-feedback' },
);
