// A prerender worker thread: receives batches of routes, writes their pages (page-writer.ts) and
// answers with the searchable ones' HTML, which the main thread feeds to the one search index.
import { parentPort, workerData } from 'node:worker_threads';
import type { RouteEntry } from '../routes/route-table.ts';
import {
  createPageWriter,
  type PageAction,
  type PageWriterSetup,
  type SearchablePage,
} from './page-writer.ts';
import { ownBytes } from './own-bytes.ts';

/** A batch of routes to write. */
export interface BatchRequest {
  routes: RouteEntry[];
  /** What to do with each route (write it by default). */
  actions: PageAction[];
}
/**
 * The answer to a batch: each route's searchable page (null when it has none) and the hash of the
 * HTML written (null when kept), or why it failed.
 */
export type BatchReply =
  { pages: (SearchablePage | null)[]; hashes: (string | null)[] } | { error: string };

const port = parentPort;
if (!port) throw new Error('prerender-worker.ts runs as a worker thread');
const writePage = await createPageWriter(workerData as PageWriterSetup);
port.on('message', (request: BatchRequest) => {
  // The pool sends the next batch only after this reply, so batches never overlap: the
  // prerender bundle renders one route at a time.
  void (async (): Promise<BatchReply> => {
    try {
      const pages: (SearchablePage | null)[] = [];
      const hashes: (string | null)[] = [];
      for (const [i, route] of request.routes.entries()) {
        const written = await writePage(route, request.actions[i] ?? 'write');
        pages.push(written.searchable ?? null);
        hashes.push(written.hash ?? null);
      }
      return { pages, hashes };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  })().then((reply) => {
    if ('error' in reply) {
      port.postMessage(reply);
      return;
    }
    // The pages' bytes move to the main thread, not copied.
    const pages = reply.pages.map((page) => page && { ...page, html: ownBytes(page.html) });
    port.postMessage(
      { pages, hashes: reply.hashes },
      pages.flatMap((page) => (page ? [page.html.buffer] : [])),
    );
  });
});
