// Prerenders the route table on every core: a pool of worker threads (prerender-worker.ts) takes
// batches of routes in turn, while the main thread feeds the search index in route order.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RouteEntry } from '../routes/route-table.ts';
import type { PageAction, PageWriterSetup, SearchablePage } from './page-writer.ts';
import type { BatchReply, BatchRequest } from './prerender-worker.ts';

export interface PrerenderOptions {
  /** How many worker threads (default: one per core). */
  workers?: number;
  /** Routes per message: big enough that messaging costs nothing, small enough to share evenly. */
  batchSize?: number;
  /** What to do with a route, by path (see build-cache.ts); write it when not said. */
  actions?: ReadonlyMap<string, PageAction>;
  /** Receives each searchable page, in route order, so the index is the same for any pool. */
  onSearchable: (page: SearchablePage) => Promise<void>;
}

/** The default size of the prerender pool: one worker per core. */
export const defaultWorkers = (): number => availableParallelism();

/** Sends one batch to `worker` and waits for its answer. */
function renderBatch(worker: Worker, request: BatchRequest): Promise<SearchablePage[]> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: BatchReply) => {
      stop();
      if ('error' in reply) reject(new Error(reply.error));
      else resolve(reply.pages);
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onExit = (code: number) => {
      stop();
      reject(new Error(`prerender worker stopped with exit code ${code}`));
    };
    const stop = () => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(request);
  });
}

/** Writes every route's page with a pool of worker threads; rejects on the first failure. */
export async function prerenderRoutes(
  routes: RouteEntry[],
  setup: PageWriterSetup,
  options: PrerenderOptions,
): Promise<void> {
  const batchSize = options.batchSize ?? 16;
  const batchCount = Math.ceil(routes.length / batchSize);
  const workerCount = Math.max(1, Math.min(options.workers ?? defaultWorkers(), batchCount));
  // Batches rendered ahead of the index: bounds the HTML waiting in memory when the index is
  // slower than the workers.
  const ahead = workerCount * 4;
  const results = new Map<number, PromiseWithResolvers<SearchablePage[]>>();
  const resultOf = (batch: number) => {
    let result = results.get(batch);
    if (!result) {
      result = Promise.withResolvers();
      results.set(batch, result);
    }
    return result;
  };
  let nextBatch = 0;
  let indexed = 0;
  let indexMoved = Promise.withResolvers<undefined>();

  const pool = Array.from(
    { length: workerCount },
    () =>
      new Worker(new URL('./prerender-worker.ts', import.meta.url), {
        workerData: setup,
        // The prerender bundle is a production build: React's production code renders it (Vite
        // bundled it in a child process, so this process's NODE_ENV may not say so yet).
        env: { ...process.env, NODE_ENV: 'production' },
      }),
  );
  const work = async (worker: Worker) => {
    for (;;) {
      while (nextBatch < batchCount && nextBatch - indexed >= ahead) await indexMoved.promise;
      if (nextBatch >= batchCount) return;
      const batch = nextBatch++;
      const slice = routes.slice(batch * batchSize, (batch + 1) * batchSize);
      const request = {
        routes: slice,
        actions: slice.map((route) => options.actions?.get(route.path) ?? 'write'),
      };
      resultOf(batch).resolve(await renderBatch(worker, request));
    }
  };
  const index = async () => {
    for (let batch = 0; batch < batchCount; batch++) {
      const pages = await resultOf(batch).promise;
      results.delete(batch);
      for (const page of pages) await options.onSearchable(page);
      indexed = batch + 1;
      indexMoved.resolve(undefined);
      indexMoved = Promise.withResolvers();
    }
  };
  try {
    await Promise.all([index(), ...pool.map(work)]);
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
}
