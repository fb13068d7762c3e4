// The search index's own thread: stages the pages in the order they come and has Pagefind index
// each part of each language's index (search-index-writer.ts). On the main thread, Pagefind
// waited for the main thread to be free: busy a third of the time (removing kept files, writing
// feeds), it left Pagefind idle and doubled the time to index a language.
import { parentPort, workerData } from 'node:worker_threads';
import { createSearchIndexes } from './search-index-writer.ts';

/** What the main thread sends: a page to add, or the end of the pages. */
export type IndexRequest =
  { part: string; url: string; html: string | Uint8Array } | { close: true };
/** What this thread answers: one page added, the indexes written, or why it stopped. */
export type IndexReply = { added: true } | { closed: true } | { error: string };

const port = parentPort;
if (!port) throw new Error('search-index-worker.ts runs as a worker thread');
const indexes = createSearchIndexes((workerData as { outDir: string }).outDir);
const reply = (message: IndexReply) => {
  port.postMessage(message);
};

// Requests are handled one after the other, in the order they came.
let queue = Promise.resolve();
let failed = false;
port.on('message', (request: IndexRequest) => {
  queue = queue.then(async () => {
    if (failed) return;
    try {
      if ('close' in request) {
        await indexes.close();
        reply({ closed: true });
      } else {
        await indexes.add(request.part, request.url, request.html);
        reply({ added: true });
      }
    } catch (error) {
      failed = true;
      // The pages staged in memory go before the build hears of it and stops this thread.
      await indexes.close().catch(() => undefined);
      reply({ error: error instanceof Error ? error.message : String(error) });
    }
  });
});
