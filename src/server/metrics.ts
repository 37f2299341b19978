// Prometheus counters kept in plain Maps and numbers: a request costs a few increments, and the
// text format is only built when /metrics is scraped.
const LATENCY_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

interface LatencyHistogram { buckets: number[]; sum: number; count: number }

/** Counters of one route: requests by method and status, and the latency histogram. */
interface RouteCounters { byMethodAndStatus: Map<string, Map<number, number>>; latency: LatencyHistogram }

export class Metrics {
  // Nested maps keyed by the interned strings koa and the router hand over: no label string is
  // built per request.
  private readonly routes = new Map<string, RouteCounters>();
  private readonly decodeOutcomes = new Map<string, number>();
  private readonly rateLimited = new Map<string, number>();
  private storeErrors = 0;

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    let counters = this.routes.get(route);
    if (!counters) {
      counters = { byMethodAndStatus: new Map(), latency: { buckets: LATENCY_BUCKETS_SECONDS.map(() => 0), sum: 0, count: 0 } };
      this.routes.set(route, counters);
    }
    let byStatus = counters.byMethodAndStatus.get(method);
    if (!byStatus) {
      byStatus = new Map();
      counters.byMethodAndStatus.set(method, byStatus);
    }
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const histogram = counters.latency;
    for (let i = 0; i < LATENCY_BUCKETS_SECONDS.length; i++) {
      if (seconds <= LATENCY_BUCKETS_SECONDS[i]!) {
        histogram.buckets[i]!++;
        break;
      }
    }
    histogram.sum += seconds;
    histogram.count++;
  }

  /** `outcome` is the format decoded (ISO_17_STANDARD, …) or the error code (INVALID_LENGTH, …). */
  countDecode(outcome: string): void {
    this.decodeOutcomes.set(outcome, (this.decodeOutcomes.get(outcome) ?? 0) + 1);
  }

  countRateLimited(scope: string): void {
    this.rateLimited.set(scope, (this.rateLimited.get(scope) ?? 0) + 1);
  }

  countStoreError(): void {
    this.storeErrors++;
  }

  render(): string {
    const lines: string[] = [];
    const family = (name: string, type: string, help: string) => lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    family('vino_http_requests_total', 'counter', 'HTTP requests answered, by method, route and status.');
    for (const [route, { byMethodAndStatus }] of this.routes) {
      for (const [method, byStatus] of byMethodAndStatus) {
        for (const [status, n] of byStatus) lines.push(`vino_http_requests_total{method="${method}",route="${route}",status="${status}"} ${n}`);
      }
    }
    family('vino_http_request_duration_seconds', 'histogram', 'Time from request to response, by route.');
    for (const [route, { latency: h }] of this.routes) {
      let cumulative = 0;
      LATENCY_BUCKETS_SECONDS.forEach((le, i) => {
        cumulative += h.buckets[i]!;
        lines.push(`vino_http_request_duration_seconds_bucket{route="${route}",le="${le}"} ${cumulative}`);
      });
      lines.push(`vino_http_request_duration_seconds_bucket{route="${route}",le="+Inf"} ${h.count}`);
      lines.push(`vino_http_request_duration_seconds_sum{route="${route}"} ${h.sum}`);
      lines.push(`vino_http_request_duration_seconds_count{route="${route}"} ${h.count}`);
    }
    family('vino_decode_outcomes_total', 'counter', 'Identifiers decoded, by format, or refused, by error code.');
    for (const [outcome, n] of this.decodeOutcomes) lines.push(`vino_decode_outcomes_total{outcome="${outcome}"} ${n}`);
    family('vino_rate_limited_total', 'counter', 'Requests refused with 429, by limit.');
    for (const [scope, n] of this.rateLimited) lines.push(`vino_rate_limited_total{scope="${scope}"} ${n}`);
    family('vino_keystore_errors_total', 'counter', 'Key store operations that failed or timed out.');
    lines.push(`vino_keystore_errors_total ${this.storeErrors}`);
    family('process_resident_memory_bytes', 'gauge', 'Resident memory of this process.');
    lines.push(`process_resident_memory_bytes ${process.memoryUsage.rss()}`);
    return lines.join('\n') + '\n';
  }
}
