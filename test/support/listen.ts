/** A yoga server of a test on a free port of this machine, for clients that speak HTTP themselves (the MCP SDK's). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToolgraphServer } from '../../src/server/yoga';

export interface Listening {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

export async function listen(yoga: ToolgraphServer): Promise<Listening> {
  const server = createServer(yoga.requestListener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
