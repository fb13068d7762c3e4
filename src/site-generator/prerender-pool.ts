// Prerenders the route table on every core: a pool of worker threads (prerender-worker.ts) takes
// batches of routes in turn, while the main thread feeds the search index in route order.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RouteEntry } from '../routes/route-table.ts';
import type { PageAction, PageWriterSetup, SearchablePage } from './page-writer.ts';
import type { BatchReply, BatchRequest } from './prerender-worker.ts';
import { WORKER_LIMITS } from './worker-limits.ts';

export interface PrerenderOptions {
  /** How many worker threads (default: one per core). */
  workers?: number;
  /** Routes per message: big enough that messaging costs nothing, small enough to share evenly. */
  batchSize?: number;
  /** What to do with a route, by path (see build-cache.ts); write it when not said. */
  actions?: ReadonlyMap<string, PageAction>;
  /** Searchable pages known without a worker (kept pages of a language indexed again), by path. */
  known?: ReadonlyMap<string, SearchablePage>;
  /** The workers start once it resolves (the output folder is ready); known pages go at once. */
  ready?: Promise<unknown>;
  /** Receives each searchable page, in route order, so the index is the same for any pool. */
  onSearchable: (page: SearchablePage) => Promise<void>;
  /** Receives the path and HTML hash (html-hash.ts) of each page written. */
  onHtmlWritten?: (path: string, hash: string) => void;
  /** Called once `ready` resolved and every page is written, maybe before the index has all. */
  onWritten?: () => void;
}

/** The default size of the prerender pool: one worker per core. */
export const defaultWorkers = (): number => availableParallelism();

type Rendered = Exclude<BatchReply, { error: string }>;

/** Sends one batch to `worker` and waits for its answer. */
function renderBatch(worker: Worker, request: BatchRequest): Promise<Rendered> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: BatchReply) => {
      stop();
      if ('error' in reply) reject(new Error(reply.error));
      else resolve(reply);
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

/**
 * Writes every route's page with a pool of worker threads (but those whose page is `known`);
 * rejects on the first failure.
 */
export async function prerenderRoutes(
  routes: RouteEntry[],
  setup: PageWriterSetup,
  options: PrerenderOptions,
): Promise<void> {
  const known = options.known ?? new Map<string, SearchablePage>();
  const toRender = routes.filter((route) => !known.has(route.path));
  const batchSize = options.batchSize ?? 16;
  const batchCount = Math.ceil(toRender.length / batchSize);
  const workerCount = Math.min(options.workers ?? defaultWorkers(), batchCount);
  // Batches rendered ahead of the index: bounds the HTML waiting in memory when the index is
  // slower than the workers.
  const ahead = Math.max(1, workerCount) * 4;
  const results = new Map<number, PromiseWithResolvers<(SearchablePage | null)[]>>();
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
        resourceLimits: WORKER_LIMITS,
      }),
  );
  const work = async (worker: Worker) => {
    await options.ready;
    for (;;) {
      while (nextBatch < batchCount && nextBatch - indexed >= ahead) await indexMoved.promise;
      if (nextBatch >= batchCount) return;
      const batch = nextBatch++;
      const slice = toRender.slice(batch * batchSize, (batch + 1) * batchSize);
      const request = {
        routes: slice,
        actions: slice.map((route) => options.actions?.get(route.path) ?? 'write'),
      };
      const rendered = await renderBatch(worker, request);
      for (const [i, hash] of rendered.hashes.entries()) {
        const path = slice[i]?.path;
        if (hash !== null && path !== undefined) options.onHtmlWritten?.(path, hash);
      }
      resultOf(batch).resolve(rendered.pages);
    }
  };
  // Walks the routes in order: a known page goes to the index at once, a rendered one when its
  // batch is back.
  const index = async () => {
    let rendered = 0;
    for (const route of routes) {
      let page = known.get(route.path) ?? null;
      if (!known.has(route.path)) {
        const batch = Math.floor(rendered / batchSize);
        page = (await resultOf(batch).promise)[rendered % batchSize] ?? null;
        rendered++;
        if (rendered % batchSize === 0 || rendered === toRender.length) {
          results.delete(batch);
          indexed = batch + 1;
          indexMoved.resolve(undefined);
          indexMoved = Promise.withResolvers();
        }
      }
      if (page) await options.onSearchable(page);
    }
  };
  const stopWorkers = () => Promise.all(pool.map((worker) => worker.terminate()));
  const write = async () => {
    await options.ready;
    await Promise.all(pool.map(work));
    // Their memory is given back before the build goes on while the index takes the last pages.
    await stopWorkers();
    options.onWritten?.();
  };
  try {
    await Promise.all([index(), write()]);
  } finally {
    await stopWorkers();
  }
}
