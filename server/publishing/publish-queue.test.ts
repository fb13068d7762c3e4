// The publisher's queue with a fake publication and a fake clock: one publication at a time,
// pushes during a build coalesced into one more build, and the timer for scheduled content
// armed to the next due instant, re-armed after each publication and firing only when due;
// previews wait behind publications.
import { describe, expect, it } from 'vitest';
import { fakeClock } from '../testing/fake-clock.ts';
import { createPublishQueue } from './publish-queue.ts';

/** A publication that waits until the test lets it end. */
function gatedPublish() {
  const started: string[] = [];
  const releases: (() => void)[] = [];
  let running = 0;
  let most = 0;
  return {
    started,
    most: () => most,
    publish: (reason: string) =>
      new Promise<void>((done) => {
        started.push(reason);
        running += 1;
        most = Math.max(most, running);
        releases.push(() => {
          running -= 1;
          done();
        });
      }),
    /** Ends the oldest running publication and lets the queue move on. */
    finish: async () => {
      releases.shift()?.();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    },
  };
}

describe('the publish queue', () => {
  it('builds a push that arrives during a build next, once, however many arrive', async () => {
    const fake = gatedPublish();
    const queue = createPublishQueue({ publish: fake.publish });
    expect(queue.request('push 1')).toBe('started');
    expect(queue.request('push 2')).toBe('queued');
    expect(queue.request('push 3')).toBe('queued');
    expect(fake.started).toEqual(['push 1']);
    await fake.finish();
    expect(fake.started).toEqual(['push 1', 'push 3']);
    expect(queue.request('push 4')).toBe('queued');
    await fake.finish();
    expect(fake.started).toEqual(['push 1', 'push 3', 'push 4']);
    await fake.finish();
    await queue.idle();
    expect(fake.most()).toBe(1);
    expect(queue.request('push 5')).toBe('started');
    await fake.finish();
    await queue.idle();
    expect(fake.started).toHaveLength(4);
  });

  it('builds previews behind publications, one at a time, once per branch however many requests', async () => {
    const fake = gatedPublish();
    const queue = createPublishQueue({
      publish: fake.publish,
      preview: (branch) => fake.publish(`preview ${branch}`),
    });
    expect(queue.requestPreview('cms/news/a')).toBe('started');
    expect(queue.requestPreview('cms/news/b')).toBe('queued');
    expect(queue.requestPreview('cms/news/b')).toBe('queued');
    // Asked again while it builds: its branch may have moved, so it is built again.
    expect(queue.requestPreview('cms/news/a')).toBe('queued');
    expect(queue.request('push')).toBe('queued');
    await fake.finish();
    await fake.finish();
    await fake.finish();
    await fake.finish();
    await queue.idle();
    expect(fake.started).toEqual([
      'preview cms/news/a',
      'push',
      'preview cms/news/b',
      'preview cms/news/a',
    ]);
    expect(fake.most()).toBe(1);
  });

  it('goes on after a publication that threw, and reports it', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const queue = createPublishQueue({
      publish: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('disk full')) : Promise.resolve();
      },
      onError: (error) => errors.push(error),
    });
    queue.request('first');
    queue.request('second');
    await queue.idle();
    expect(calls).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(['disk full']);
  });

  it('publishes at the next scheduled instant by itself, and re-arms after each publication', async () => {
    const start = Date.parse('2026-12-01T08:00:00Z');
    const first = Date.parse('2026-12-01T09:00:00Z');
    const second = Date.parse('2026-12-03T09:00:00Z');
    const schedule = [first, second];
    const time = fakeClock(start);
    const published: string[] = [];
    const queue = createPublishQueue({
      publish: (reason) => {
        published.push(reason);
        return Promise.resolve();
      },
      nextDue: (now) => Promise.resolve(schedule.find((at) => at > now)),
      clock: time.clock,
    });
    expect(await queue.arm()).toBe(first);
    expect(time.pending()).toEqual([first]);
    time.advanceTo(first - 1);
    expect(published).toEqual([]);
    time.advanceTo(first);
    await queue.idle();
    expect(published).toEqual(['scheduled for 2026-12-01T09:00:00.000Z']);
    expect(time.pending()).toEqual([second]);
    // A push in between re-arms to the same next instant: one timer, never two.
    queue.request('push');
    await queue.idle();
    expect(time.pending()).toEqual([second]);
    time.advanceTo(second);
    await queue.idle();
    expect(published).toEqual([
      'scheduled for 2026-12-01T09:00:00.000Z',
      'push',
      'scheduled for 2026-12-03T09:00:00.000Z',
    ]);
    expect(time.pending()).toEqual([]);
    queue.stop();
  });

  it('waits for an instant beyond the longest timer in steps, without publishing early', async () => {
    const start = Date.parse('2026-12-01T00:00:00Z');
    const due = Date.parse('2027-03-01T00:00:00Z');
    const time = fakeClock(start);
    const published: string[] = [];
    const queue = createPublishQueue({
      publish: (reason) => {
        published.push(reason);
        return Promise.resolve();
      },
      nextDue: (now) => Promise.resolve(due > now ? due : undefined),
      clock: time.clock,
    });
    await queue.arm();
    expect(time.pending()).toEqual([start + 2 ** 31 - 1]);
    time.advanceTo(start + 2 ** 31 - 1);
    await queue.idle();
    expect(published).toEqual([]);
    expect(time.pending()).toEqual([start + 2 * (2 ** 31 - 1)]);
    time.advanceTo(due);
    await queue.idle();
    expect(published).toEqual(['scheduled for 2027-03-01T00:00:00.000Z']);
  });
});
