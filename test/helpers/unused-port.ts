// A loopback port nothing listens on: a server is opened on port 0, its port noted, then closed. A
// connection to it is refused at once (no firewall delay), as when the service is not running.

import { createServer, type AddressInfo } from 'node:net';

export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return port;
}
