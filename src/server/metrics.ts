// Prometheus metrics, kept by prom-client. Under `vino serve --workers N` a scrape reaches one
// worker, which asks the primary for the whole group's figures (cluster-metrics.ts): prom-client's
// AggregatorRegistry collects every worker's registry and sums them, so a scrape counts every
// request, not the share one worker answered.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { groupScrape } from './cluster-metrics.js';

export const LATENCY_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export interface MetricsOptions {
  /** Set in a worker of `vino serve --workers N`: a scrape answers with the whole group's figures. */
  workerGroup?: boolean;
}

type RequestLabels = { method: string; route: string; status: number };

/** Increments not yet handed to prom-client, for one label set. */
interface Pending<Labels> { readonly labels: Labels; count: number }

/** Hands the pending increments to `counter` and zeroes them; the entries stay, for the next ones. */
function flush(counter: Counter<string>, entries: Iterable<Pending<Record<string, string | number>>>): void {
  for (const pending of entries) {
    if (pending.count === 0) continue;
    counter.inc(pending.labels, pending.count);
    pending.count = 0;
  }
}

export class Metrics {
  /** This process's metrics; in a cluster worker, the registry the primary aggregates. */
  readonly registry = new Registry();
  readonly contentType = this.registry.contentType;
  /**
   * Requests and decodes counted since prom-client last collected. prom-client finds a label set's
   * value by building a string of its labels on every increment; counting here, in entries found by
   * Map lookups on the label values themselves, and handing prom-client the sums when a scrape (or
   * the primary's aggregation) collects, takes that off every request. A scrape reads the same figures.
   */
  private readonly pendingRequests = new Map<string, Map<string, Map<number, Pending<RequestLabels>>>>();
  private readonly pendingDecodes = new Map<string, Pending<{ outcome: string }>>();
  /**
   * The same entries in the order their label sets were first seen: handed over in that order,
   * prom-client lists them as it would have had each request been counted with inc().
   */
  private readonly requestsInOrder: Pending<RequestLabels>[] = [];
  /** One labels object per route for the histogram, rather than one per request. */
  private readonly routeLabels = new Map<string, { route: string }>();
  private readonly requests: Counter<'method' | 'route' | 'status'> = new Counter({
    name: 'vino_http_requests_total', help: 'HTTP requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const, registers: [this.registry],
    collect: (): void => flush(this.requests, this.requestsInOrder),
  });
  private readonly latency = new Histogram({
    name: 'vino_http_request_duration_seconds', help: 'Time from request to response, by route.',
    labelNames: ['route'] as const, buckets: LATENCY_BUCKETS_SECONDS, registers: [this.registry],
  });
  private readonly decodeOutcomes: Counter<'outcome'> = new Counter({
    name: 'vino_decode_outcomes_total', help: 'Identifiers decoded, by format, or refused, by error code.',
    labelNames: ['outcome'] as const, registers: [this.registry],
    collect: (): void => flush(this.decodeOutcomes, this.pendingDecodes.values()),
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
    let methods = this.pendingRequests.get(route);
    if (!methods) this.pendingRequests.set(route, (methods = new Map()));
    let statuses = methods.get(method);
    if (!statuses) methods.set(method, (statuses = new Map()));
    const pending = statuses.get(status);
    if (pending) pending.count++;
    else {
      const first = { labels: { method, route, status }, count: 1 };
      statuses.set(status, first);
      this.requestsInOrder.push(first);
    }
    let labels = this.routeLabels.get(route);
    if (!labels) this.routeLabels.set(route, (labels = { route }));
    this.latency.observe(labels, seconds);
  }

  /** `outcome` is the format decoded (ISO_17_STANDARD, …) or the error code (INVALID_LENGTH, …). */
  countDecode(outcome: string): void {
    const pending = this.pendingDecodes.get(outcome);
    if (pending) pending.count++;
    else this.pendingDecodes.set(outcome, { labels: { outcome }, count: 1 });
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
