import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUpstreamStandInOf, type StandInOptions, type UpstreamStandIn, type UpstreamStandInKind } from './index';

/** A stand-in on a port of its own (tests), and its base URL: what the platform would be given. */
export interface ServedUpstream {
  standIn: UpstreamStandIn;
  url: string;
  stop(): Promise<void>;
}

export async function serveUpstream(kind: UpstreamStandInKind, options: StandInOptions): Promise<ServedUpstream> {
  const standIn = createUpstreamStandInOf(kind, options);
  const server: Server = createServer((req, res) => {
    standIn.handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')).then(
      (handled) => void (handled || res.writeHead(404).end()),
      (error: unknown) => void res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    standIn,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${standIn.basePath}`,
    stop: async () => {
      await standIn.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
