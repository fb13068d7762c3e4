// Page bodies kept on disk, out of the build's heap. The item parse workers of a large site
// (item-parse-pool.ts) write each item's HTML body to a file of the build cache and hand the
// build a reference to it in its place; the prerender workers read the body back when they write
// the page. The build's thread held every body from the content's load to its end: at 64,000
// pages, about half its heap (the bodies of generated pages are 4 KB each).
//
// A reference is a string where the item's HTML was (`html`), so the content model and the route
// table keep their types: `\0body:{file}:{at}:{bytes}`. No HTML begins with a NUL. A body file is
// written once, by one worker, and never changed: the same reference is the same text, and a
// page's key (build-cache.ts), made from its route, changes when its body does.
import { closeSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const MARK = '\u0000body:';
// What follows MARK in a reference as the writer makes it: a file name of the store's folder (no
// path), an offset, a length. Anything else is refused rather than read.
const REFERENCE = /^([\w-]+\.bin):(\d+):(\d+)$/;

/** Whether `html` is a reference to a stored body, not the body itself. */
export const isStoredBody = (html: string): boolean => html.startsWith(MARK);

/** The file, offset and length a reference names; refuses anything else. */
function partsOf(reference: string): { name: string; at: number; length: number } {
  const [, name, at, length] = REFERENCE.exec(reference.slice(MARK.length)) ?? [];
  if (!name || !at || !length)
    throw new Error(`not a stored body's reference: ${JSON.stringify(reference.slice(0, 80))}`);
  return { name, at: Number(at), length: Number(length) };
}

/** The name of the body file a reference points into. */
export const bodyFileOf = (reference: string): string => partsOf(reference).name;

/** Writes bodies one after the other into one new file; answers each with its reference. */
export interface BodyWriter {
  store: (html: string) => string;
  close: () => void;
}

/** A BodyWriter into `file` (made, or emptied when it is there). */
export function bodyWriter(file: string): BodyWriter {
  mkdirSync(dirname(file), { recursive: true });
  const descriptor = openSync(file, 'w');
  const name = basename(file);
  let at = 0;
  return {
    store: (html) => {
      const bytes = Buffer.from(html);
      writeSync(descriptor, bytes);
      const reference = `${MARK}${name}:${String(at)}:${String(bytes.length)}`;
      at += bytes.length;
      return reference;
    },
    close: () => {
      closeSync(descriptor);
    },
  };
}

/** Reads bodies back from the files of `dir`: each file is opened once. */
export interface BodyReader {
  /** The body `html` refers to, or `html` itself when it is not a reference. */
  read: (html: string) => string;
  close: () => void;
}

export function bodyReader(dir: string): BodyReader {
  const open = new Map<string, number>();
  return {
    read: (html) => {
      if (!isStoredBody(html)) return html;
      const { name, at, length } = partsOf(html);
      let descriptor = open.get(name);
      if (descriptor === undefined) {
        descriptor = openSync(join(dir, name), 'r');
        open.set(name, descriptor);
      }
      const bytes = Buffer.alloc(length);
      const read = readSync(descriptor, bytes, 0, length, at);
      if (read !== bytes.length) throw new Error(`stored body cut short: ${html.slice(1)}`);
      return bytes.toString('utf8');
    },
    close: () => {
      for (const descriptor of open.values()) closeSync(descriptor);
      open.clear();
    },
  };
}
