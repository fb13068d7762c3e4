// A clock for the publisher's queue that a test moves by hand (publish-queue.ts, Clock): frozen
// at `start`, or, without one, the real time plus what the test added; timers fire when
// `advanceTo` passes them, never by themselves.
import type { Clock } from '../publishing/publish-queue.ts';

/** The clock, the instants its timers wait for, and the hand that moves it. */
export function fakeClock(start?: number) {
  let fixed = start;
  let offset = 0;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let ids = 0;
  const clock: Clock = {
    now: () => fixed ?? Date.now() + offset,
    setTimeout: (callback, ms) => {
      ids += 1;
      timers.push({ at: clock.now() + ms, callback, id: ids });
      return ids;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  };
  return {
    clock,
    pending: () => timers.map((timer) => timer.at),
    advanceTo: (at: number) => {
      if (fixed === undefined) offset = at - Date.now();
      else fixed = at;
      const due = timers.filter((timer) => timer.at <= at);
      timers = timers.filter((timer) => timer.at > at);
      for (const timer of due) timer.callback();
    },
  };
}
