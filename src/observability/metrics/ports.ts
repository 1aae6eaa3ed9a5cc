import net from 'node:net';

/** `preferred` when it is free on `host`, else a port the system picks: a dev stack beside another still starts. */
export async function freePort(preferred = 0, host = '127.0.0.1'): Promise<number> {
  const probe = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(port, host, () => {
        const { port: bound } = server.address() as net.AddressInfo;
        server.close(() => resolve(bound));
      });
    });
  return preferred ? probe(preferred).catch(() => probe(0)) : probe(0);
}
