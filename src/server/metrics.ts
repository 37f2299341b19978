// Prometheus counters kept in plain Maps and numbers: a request costs a few increments, and the
// text format is only built when /metrics is scraped.
const LATENCY_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

interface LatencyHistogram { buckets: number[]; sum: number; count: number }

export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = new Map<string, LatencyHistogram>();
  private readonly decodeOutcomes = new Map<string, number>();
  private readonly rateLimited = new Map<string, number>();
  private storeErrors = 0;

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `method="${method}",route="${route}",status="${status}"`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    let histogram = this.latency.get(route);
    if (!histogram) {
      histogram = { buckets: LATENCY_BUCKETS_SECONDS.map(() => 0), sum: 0, count: 0 };
      this.latency.set(route, histogram);
    }
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
    for (const [labels, n] of this.requests) lines.push(`vino_http_requests_total{${labels}} ${n}`);
    family('vino_http_request_duration_seconds', 'histogram', 'Time from request to response, by route.');
    for (const [route, h] of this.latency) {
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
