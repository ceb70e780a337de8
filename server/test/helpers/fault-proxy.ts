import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between the app and a backend (Postgres here) that a test can
 * cut and restore: `cut()` destroys every open connection and stops
 * listening (new connections are refused), `restore()` listens again on the
 * same port. The app's pool sees exactly what a lost database looks like.
 */
export interface FaultProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(targetHost: string, targetPort: number): Promise<FaultProxy> {
  const open = new Set<Socket>();
  let server: Server | undefined;

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(targetPort, targetHost);
        open.add(client);
        open.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        const address = next.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });

  const stopListening = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      for (const socket of open) socket.destroy();
      open.clear();
      if (!current) return resolve();
      current.close(() => resolve());
    });

  const port = await listen(0);
  return {
    port,
    cut: stopListening,
    async restore() {
      if (!server) await listen(port);
    },
    close: stopListening,
  };
}
