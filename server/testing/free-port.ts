// A port nothing listens on yet, on loopback: for servers a test starts and may restart on the
// same port (a port picked by the server itself, 0, would change at each start).
import { createServer } from 'node:net';

export const freePort = (): Promise<number> =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
