// An item parse worker thread (item-parse-pool.ts): parses its share of the content's item files
// and answers once with each item and its cache key.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { itemKey, parseItem, type ContentItem, type ItemKind } from '../content/items.ts';
import type { MediaLibrary } from '../content/media.ts';

export interface ParseRequest {
  files: [kind: ItemKind, file: string][];
  media?: MediaLibrary;
}
/** The items parsed, with their cache keys (itemKey). */
export type ParseReply = [key: string, item: ContentItem][];

const port = parentPort;
if (!port) throw new Error('item-parse-worker.ts runs as a worker thread');
const { files, media } = workerData as ParseRequest;
const reply: ParseReply = [];
for (const [kind, file] of files) {
  const source = readFileSync(file, 'utf8');
  try {
    reply.push([itemKey(kind, file, source, media), parseItem(kind, file, source, media)]);
  } catch {
    // Left to the build, which parses it again and reports it in the content's order.
  }
}
port.postMessage(reply);
