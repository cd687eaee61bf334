import type { AddressInfo } from 'node:net';
import { connect, createServer, type Socket } from 'node:net';

/**
 * A real TCP hop between the app and PostgreSQL that a test can take down: `refuse()` closes it (new connections are
 * refused, as when the server is down), `silence()` accepts connections but never answers (a hung server or a
 * black-holed network), `restore()` forwards again. Existing connections are cut by the first two.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let isSilent = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (isSilent) return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).on('close', () => upstream.destroy());
    upstream.pipe(client).on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const listen = () =>
    new Promise<void>((resolve) => (server.listening ? resolve() : server.listen(port, '127.0.0.1', resolve)));

  return {
    port,
    async refuse() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        cutAll();
      });
    },
    async silence() {
      isSilent = true;
      cutAll();
      await listen();
    },
    async restore() {
      isSilent = false;
      await listen();
    },
    async close() {
      await this.refuse();
    },
  };
}
