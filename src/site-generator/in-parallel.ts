// File work over many files at once: enough calls in flight to keep libuv's threads busy, few
// enough that a 16,000-page site does not open 100,000 files together.

/** Runs `work` on every item, at most `limit` at a time; rejects on the first failure. */
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
