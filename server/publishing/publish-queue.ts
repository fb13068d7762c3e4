// The publisher service's order of work: one publication at a time; a request that arrives
// during a build is built once after it, however many arrive (they all want the branch's
// newest commit, which the next build fetches). After each publication, and at the start, a
// timer is armed for the next scheduled instant (`publishAt`/`unpublishAt` of the content that
// is live): when it comes, a publication is requested like a push. The clock is injected so that
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
  /** The next instant something scheduled is due, after `now` (ms), or undefined. */
  nextDue?: (now: number) => Promise<number | undefined>;
  clock?: Clock;
  /** Where a publication that threw is reported. */
  onError?: (error: unknown) => void;
}

export interface PublishQueue {
  /** Asks for a publication: 'started', or 'queued' behind the running one. */
  request(reason: string): 'started' | 'queued';
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

  const loop = async (reason: string): Promise<void> => {
    let next: string | undefined = reason;
    while (next !== undefined) {
      waiting = undefined;
      try {
        await options.publish(next);
      } catch (error) {
        options.onError?.(error);
      }
      await arm().catch(options.onError);
      next = waiting;
    }
    running = undefined;
  };

  const queue: PublishQueue = {
    request(reason) {
      if (running) {
        waiting = reason;
        return 'queued';
      }
      running = loop(reason);
      return 'started';
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
