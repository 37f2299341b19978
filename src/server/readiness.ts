// Whether the key store answers, as /readyz reports it. The store is asked in the background, once
// a second, and /readyz answers from the last result: asking it on every request let any client
// turn /readyz into thousands of store reads a second (issue 12, finding 4).

/** How often the store is asked; a load balancer polling every few seconds sees a change within one. */
export const READINESS_INTERVAL_MS = 1000;

export class Readiness {
  private ok = false;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;

  constructor(private readonly ping: () => Promise<void>, private readonly intervalMs = READINESS_INTERVAL_MS) {}

  /** Whether the store answered the last time it was asked. */
  get ready(): boolean {
    return this.ok;
  }

  /** Asks the store now (once at a time: a slow store is not asked again while it has not answered). */
  check(): Promise<void> {
    return (this.inFlight ??= this.ping().then(() => { this.ok = true; }, () => { this.ok = false; })
      .finally(() => { this.inFlight = undefined; }));
  }

  /** Asks now, then every interval until stop(); the timer does not keep the process alive. */
  async start(): Promise<void> {
    await this.check();
    this.timer ??= setInterval(() => void this.check(), this.intervalMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
