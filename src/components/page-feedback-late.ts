// "Was this page useful?" as the templates render it: below the fold, in a HydrateLater boundary,
// so its code is a chunk of its own that the browser fetches when it hydrates that part, not in
// the page's first script (issue 48).
import { deferred } from './deferred.ts';

export const PageFeedback = deferred(() =>
  import('./PageFeedback.tsx').then((module) => module.PageFeedback),
);
