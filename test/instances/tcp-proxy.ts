// A TCP proxy between vino and a real Redis or PostgreSQL that a test can cut and restore, so an
// outage is simulated without stopping the shared server other suites use. Two kinds of outage:
// 'refuse' (the store is gone: connections are reset and new ones refused, as when the process
// dies) and 'blackhole' (the network drops everything: connections stay open and go silent, as
// when a host loses power; only timeouts can tell).
import { createServer, connect, type Server, type Socket } from 'node:net';

interface Pair { client: Socket; upstream: Socket }

export class TcpProxy {
  private readonly pairs = new Set<Pair>();
  private server: Server;
  private state: 'open' | 'refuse' | 'blackhole' = 'open';
  /** Connections accepted during a blackhole: held silent until restore. */
  private readonly held = new Set<Socket>();
  /** How long a new connection waits before it is forwarded, as to a store far away or busy. */
  connectDelayMs = 0;

  private constructor(private readonly targetHost: string, private readonly targetPort: number, public readonly port: number, server: Server) {
    this.server = server;
  }

  /** Listens on a free port of 127.0.0.1 and forwards to targetHost:targetPort. */
  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    let proxy: TcpProxy | undefined;
    const server = createServer((client) => proxy!.accept(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    proxy = new TcpProxy(targetHost, targetPort, typeof address === 'object' && address ? address.port : 0, server);
    return proxy;
  }

  /** The store URL with its host and port replaced by this proxy's. */
  urlFor(storeUrl: string): string {
    const url = new URL(storeUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  get connections(): number {
    return this.pairs.size;
  }

  async cut(how: 'refuse' | 'blackhole'): Promise<void> {
    this.state = how;
    if (how === 'refuse') {
      const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
      for (const pair of this.pairs) { pair.client.destroy(); pair.upstream.destroy(); }
      this.pairs.clear();
      await closed;
      return;
    }
    for (const { client, upstream } of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  async restore(): Promise<void> {
    const was = this.state;
    this.state = 'open';
    if (was === 'refuse') {
      this.server = createServer((client) => this.accept(client));
      await new Promise<void>((resolve, reject) => {
        this.server.once('error', reject);
        this.server.listen(this.port, '127.0.0.1', resolve);
      });
      return;
    }
    if (was === 'blackhole') {
      // The network heals: what was sent meanwhile is delivered, as TCP would retransmit it.
      for (const { client, upstream } of this.pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
      }
      for (const client of this.held) this.forward(client);
      this.held.clear();
    }
  }

  async close(): Promise<void> {
    const closed = this.server.listening ? new Promise<void>((resolve) => this.server.close(() => resolve())) : undefined;
    for (const pair of this.pairs) { pair.client.destroy(); pair.upstream.destroy(); }
    for (const client of this.held) client.destroy();
    await closed;
  }

  private accept(client: Socket): void {
    client.on('error', () => {});
    if (this.state === 'blackhole') {
      client.pause();
      this.held.add(client);
      client.once('close', () => this.held.delete(client));
      return;
    }
    this.forward(client);
  }

  private forward(client: Socket): void {
    if (this.connectDelayMs === 0) return this.connectUpstream(client);
    client.pause();
    setTimeout(() => { if (!client.destroyed) this.connectUpstream(client); }, this.connectDelayMs);
  }

  private connectUpstream(client: Socket): void {
    const upstream = connect(this.targetPort, this.targetHost);
    const pair = { client, upstream };
    this.pairs.add(pair);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    const drop = () => { this.pairs.delete(pair); client.destroy(); upstream.destroy(); };
    client.once('close', drop);
    upstream.once('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  }
}
