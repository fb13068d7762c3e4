// An SMTP sink for the tests (smtp-server on loopback): it keeps what it receives; `gate`
// decides per message whether to accept it, refuse it, or hold it until a promise resolves.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  data: string;
}

/** Starts a sink on a free port; `url` is its SMTP_URL. */
export async function startSink(
  gate: () => Promise<'accept' | 'refuse'> = () => Promise.resolve('accept'),
) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void gate().then((verdict) => {
          if (verdict === 'refuse') {
            callback(Object.assign(new Error('mailbox busy'), { responseCode: 451 }));
            return;
          }
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
