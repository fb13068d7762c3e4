// The loop both outboxes share (the desk's notifications, mailer.ts; the conversation's e-mails,
// follow-up/mail.ts): one sending round at a time, on a timer and when woken, errors logged and
// never thrown, and a stop that waits for the round under way.

/** An outbox's worker, as the form API holds it. */
export interface Mailer {
  /** Reads the outbox soon (after a submission). */
  wake: () => void;
  /** Sends what is due now; resolves with the number sent. */
  flush: () => Promise<number>;
  stop: () => Promise<void>;
}

/**
 * Runs `sendDue` every `intervalMs` and when woken; `isStopped` lets a round end early;
 * `close` releases the transport once stopped.
 */
export function startOutboxWorker(options: {
  sendDue: (isStopped: () => boolean) => Promise<number>;
  intervalMs: number;
  name: string;
  log?: { warn: (message: string) => void } | undefined;
  close: () => void;
}): Mailer {
  let running: Promise<number> | null = null;
  let stopped = false;
  const flush = (): Promise<number> => {
    running ??= options
      .sendDue(() => stopped)
      .finally(() => {
        running = null;
      });
    return running;
  };
  const safeFlush = () => {
    flush().catch((error: unknown) => {
      options.log?.warn(
        `${options.name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  };
  const timer = setInterval(safeFlush, options.intervalMs);
  timer.unref();
  return {
    wake: () => {
      setImmediate(safeFlush);
    },
    flush,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => 0);
      options.close();
    },
  };
}
