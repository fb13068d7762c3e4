// An item parse worker thread (item-parse-pool.ts): parses its share of the content's item files
// and answers with each item and its cache key, a few hundred items a message. Answering once,
// with all of them, kept them all in this thread's heap until then: the two workers of a
// 64,000-page build held 660 MB. Given a body file, it stores each item's HTML body there and
// answers with a reference in its place (body-store.ts).
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { resolveDeskReferences, type DeskReferences } from '../content/desk-references.ts';
import { itemKey, parseItem, type ContentItem, type ItemKind } from '../content/items.ts';
import type { MediaLibrary } from '../content/media.ts';
import { bodyWriter } from './body-store.ts';

export interface ParseRequest {
  files: [kind: ItemKind, file: string][];
  media?: MediaLibrary;
  /** Items a message (default 500). */
  itemsPerMessage?: number;
  /** The file this worker stores its items' bodies in (none: the bodies go in the items). */
  bodies?: string;
  /** The desk's references, resolved before parsing as loadItems does (desk-references.ts). */
  references: DeskReferences;
}
/** Items parsed, with their cache keys (itemKey); `done` on the last message. */
export interface ParseReply {
  items: [key: string, item: ContentItem][];
  done: boolean;
}

const port = parentPort;
if (!port) throw new Error('item-parse-worker.ts runs as a worker thread');
const { files, media, itemsPerMessage = 500, bodies, references } = workerData as ParseRequest;
const store = bodies === undefined ? undefined : bodyWriter(bodies);
let items: ParseReply['items'] = [];
for (const [kind, file] of files) {
  try {
    const source = resolveDeskReferences(readFileSync(file, 'utf8'), references, file);
    const item = parseItem(kind, file, source, media);
    if (store) item.html = store.store(item.html);
    items.push([itemKey(kind, file, source, media), item]);
  } catch {
    // Left to the build, which parses it again and reports it in the content's order.
  }
  if (items.length === itemsPerMessage) {
    port.postMessage({ items, done: false } satisfies ParseReply);
    items = [];
  }
}
store?.close();
port.postMessage({ items, done: true } satisfies ParseReply);
