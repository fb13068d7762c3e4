// The publisher service's order of work: one publication at a time; a request that arrives
// during a build is built once after it, however many arrive (they all want the branch's
// newest commit, which the next build fetches). After each publication, and at the start, a
// timer is armed for the next scheduled instant (`publishAt`/`unpublishAt` of the content that
// is live): when it comes, a publication is requested like a push. Previews wait behind
// publications, one build per branch however many requests. The clock is injected so that
// tests move time by hand.

/** The time source and timers the queue uses (the real ones by default). */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

// setTimeout's longest delay (about 24.8 days); a later instant is waited for in steps.
const LONGEST_DELAY = 2 ** 31 - 1;

export interface PublishQueueOptions {
  /** One publication; its failure is its own business (it records and tells). */
  publish: (reason: string) => Promise<void>;
  /** One preview of a branch (preview.ts); also its own business. */
  preview?: (branch: string) => Promise<void>;
  /** The next instant something scheduled is due, after `now` (ms), or undefined. */
  nextDue?: (now: number) => Promise<number | undefined>;
  clock?: Clock;
  /** Where a publication that threw is reported. */
  onError?: (error: unknown) => void;
}

export interface PublishQueue {
  /** Asks for a publication: 'started', or 'queued' behind the running one. */
  request(reason: string): 'started' | 'queued';
  /** Asks for a preview of `branch`: 'started', or 'queued' behind the running build. */
  requestPreview(branch: string): 'started' | 'queued';
  /** Resolves when no publication runs or waits. */
  idle(): Promise<void>;
  /** Arms the timer for the next scheduled instant; returns it (ms), or undefined. */
  arm(): Promise<number | undefined>;
  /** Stops the timer. */
  stop(): void;
}

/** A serial, coalescing publication queue with a timer for scheduled content. */
export function createPublishQueue(options: PublishQueueOptions): PublishQueue {
  const clock = options.clock ?? realClock;
  let running: Promise<void> | undefined;
  let waiting: string | undefined;
  const previews = new Set<string>();
  let timer: unknown;
  let stopped = false;

  const arm = async (): Promise<number | undefined> => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    const due = await options.nextDue?.(clock.now());
    if (due === undefined || stopped) return undefined;
    const wait = (): void => {
      const left = due - clock.now();
      timer = clock.setTimeout(
        () => {
          timer = undefined;
          if (clock.now() >= due) queue.request(`scheduled for ${new Date(due).toISOString()}`);
          else wait();
        },
        Math.min(Math.max(left, 0), LONGEST_DELAY),
      );
    };
    wait();
    return due;
  };

  const loop = async (): Promise<void> => {
    for (;;) {
      const next = waiting;
      const branch = next === undefined ? previews.values().next().value : undefined;
      if (next === undefined && branch === undefined) break;
      waiting = undefined;
      if (branch !== undefined) previews.delete(branch);
      try {
        await (next !== undefined ? options.publish(next) : options.preview?.(branch ?? ''));
      } catch (error) {
        options.onError?.(error);
      }
      if (next !== undefined) await arm().catch(options.onError);
    }
    running = undefined;
  };
  const start = (): 'started' | 'queued' => {
    if (running) return 'queued';
    running = loop();
    return 'started';
  };

  const queue: PublishQueue = {
    request(reason) {
      waiting = reason;
      return start();
    },
    requestPreview(branch) {
      previews.add(branch);
      return start();
    },
    idle: async () => {
      while (running) await running;
    },
    arm,
    stop() {
      stopped = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
  };
  return queue;
}
