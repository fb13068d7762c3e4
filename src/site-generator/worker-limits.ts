// The limits of the build's worker threads. V8 sizes a thread's young generation by the machine's
// memory (128 MB on a 24 GB machine) and fills it before it collects, though a page's garbage
// fits in far less: 16 MB took each prerender worker from 143 to about 35 MB of heap at 16,000
// pages, for the same CPU time. The build's own thread gets the same from `npm run build`'s
// --max-semi-space-size=8 (two semi-spaces of 8 MB).
import type { ResourceLimits } from 'node:worker_threads';

export const WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 16 };
