// Prometheus metrics, kept by prom-client. Under `vino serve --workers N` a scrape reaches one
// worker, which asks the primary for the whole group's figures (cluster-metrics.ts): prom-client's
// AggregatorRegistry collects every worker's registry and sums them, so a scrape counts every
// request, not the share one worker answered.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { groupScrape } from './cluster-metrics.js';

const LATENCY_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export interface MetricsOptions {
  /** Set in a worker of `vino serve --workers N`: a scrape answers with the whole group's figures. */
  workerGroup?: boolean;
}

export class Metrics {
  /** This process's metrics; in a cluster worker, the registry the primary aggregates. */
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;
  private readonly requests = new Counter({
    name: 'vino_http_requests_total', help: 'HTTP requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const, registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'vino_http_request_duration_seconds', help: 'Time from request to response, by route.',
    labelNames: ['route'] as const, buckets: LATENCY_BUCKETS_SECONDS, registers: [this.registry],
  });
  private readonly decodeOutcomes = new Counter({
    name: 'vino_decode_outcomes_total', help: 'Identifiers decoded, by format, or refused, by error code.',
    labelNames: ['outcome'] as const, registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: 'vino_rate_limited_total', help: 'Requests refused with 429, by limit.', labelNames: ['scope'] as const, registers: [this.registry],
  });
  private readonly storeErrors = new Counter({
    name: 'vino_keystore_errors_total', help: 'Key store operations that failed or timed out.', registers: [this.registry],
  });

  private readonly scrape: () => Promise<string>;

  constructor(options: MetricsOptions = {}) {
    this.scrape = options.workerGroup ? groupScrape(this.registry) : () => this.registry.metrics();
    new Gauge({
      name: 'process_resident_memory_bytes', help: 'Resident memory of the process (under --workers, of all workers together).',
      aggregator: 'sum', registers: [this.registry],
      collect() { this.set(process.memoryUsage.rss()); },
    });
    let counted = 0;
    new Counter({
      name: 'process_cpu_seconds_total', help: 'User and system CPU time the process has spent (under --workers, all workers together).',
      registers: [this.registry],
      collect() {
        const { user, system } = process.cpuUsage();
        const seconds = (user + system) / 1e6;
        this.inc(seconds - counted);
        counted = seconds;
      },
    });
  }

  /** `route` is a route template (`/api/v1/keys/:id`), `static` or `unmatched`: never a client's path. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status });
    this.latency.observe({ route }, seconds);
  }

  /** `outcome` is the format decoded (ISO_17_STANDARD, …) or the error code (INVALID_LENGTH, …). */
  countDecode(outcome: string): void {
    this.decodeOutcomes.inc({ outcome });
  }

  countRateLimited(scope: string): void {
    this.rateLimited.inc({ scope });
  }

  countStoreError(): void {
    this.storeErrors.inc();
  }

  /** The text exposition format: this process's figures, or the worker group's. */
  render(): Promise<string> {
    return this.scrape();
  }
}
