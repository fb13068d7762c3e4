// The search indexes of a build, fed from the main thread to their own thread
// (search-index-worker.ts): adding a page only queues it, so Pagefind always has the next page
// while the main thread does other work.
import { Worker } from 'node:worker_threads';
import type { IndexReply, IndexRequest } from './search-index-worker.ts';
import { ownBytes } from './own-bytes.ts';
import type { SearchIndexWriter } from './search-index-writer.ts';
import { WORKER_LIMITS } from './worker-limits.ts';

// Pages queued and not yet added: bounds the HTML waiting in the index thread's memory.
const MAX_QUEUED = 512;

/** Starts the indexes of a build into `outDir` in their own thread. */
export function searchIndexesInThread(outDir: string): SearchIndexWriter {
  const worker = new Worker(new URL('./search-index-worker.ts', import.meta.url), {
    workerData: { outDir },
    resourceLimits: WORKER_LIMITS,
  });
  let queued = 0;
  let failure: Error | undefined;
  let moved = Promise.withResolvers<undefined>();
  const closed = Promise.withResolvers<undefined>();
  const fail = (error: Error) => {
    failure ??= error;
    moved.reject(failure);
    closed.reject(failure);
  };
  // Nothing may wait on these when the thread fails: the next add or close throws instead.
  moved.promise.catch(() => undefined);
  closed.promise.catch(() => undefined);
  worker.on('message', (message: IndexReply) => {
    if ('error' in message) fail(new Error(message.error));
    else if ('closed' in message) closed.resolve(undefined);
    else {
      queued--;
      moved.resolve(undefined);
      moved = Promise.withResolvers();
      moved.promise.catch(() => undefined);
    }
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    fail(new Error(`search index thread stopped with exit code ${code}`));
  });
  const send = (request: IndexRequest) => {
    if (failure) throw failure;
    if ('html' in request && typeof request.html !== 'string') {
      // A page's bytes move to the thread (its buffer is detached here), not copied.
      const html = ownBytes(request.html);
      worker.postMessage({ ...request, html }, [html.buffer]);
    } else worker.postMessage(request);
  };
  return {
    add: async (part, url, html) => {
      send({ part, url, html });
      queued++;
      while (queued >= MAX_QUEUED) await moved.promise;
    },
    close: async () => {
      try {
        send({ close: true });
        await closed.promise;
      } finally {
        await worker.terminate();
      }
    },
  };
}
