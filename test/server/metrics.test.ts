// metrics.ts counts requests and decode outcomes itself and hands prom-client the sums when it
// collects. A scrape must read exactly what prom-client's own inc() and observe(), called on every
// request, would have written: the same lines, values and order, scrape after scrape.
import fc from 'fast-check';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LATENCY_BUCKETS_SECONDS, Metrics } from '../../src/server/metrics.js';

const REQUESTS = 'vino_http_requests_total';
const LATENCY = 'vino_http_request_duration_seconds';
const OUTCOMES = 'vino_decode_outcomes_total';

/** Each metric's block of the text exposition (HELP, TYPE and its lines), by name. */
function blocks(text: string): Map<string, string> {
  return new Map(text.trim().split('\n\n').map((block) => [/^# HELP (\S+)/.exec(block)![1]!, block]));
}

/** prom-client's own metrics with vino's names, help texts and labels, counted on every event. */
function reference(vinoText: string) {
  const help = (name: string) => blocks(vinoText).get(name)!.split('\n')[0]!.replace(`# HELP ${name} `, '');
  const registry = new Registry();
  return {
    registry,
    requests: new Counter({ name: REQUESTS, help: help(REQUESTS), labelNames: ['method', 'route', 'status'], registers: [registry] }),
    latency: new Histogram({ name: LATENCY, help: help(LATENCY), labelNames: ['route'], buckets: LATENCY_BUCKETS_SECONDS, registers: [registry] }),
    outcomes: new Counter({ name: OUTCOMES, help: help(OUTCOMES), labelNames: ['outcome'], registers: [registry] }),
  };
}

type Event =
  | { kind: 'request'; method: string; route: string; status: number; seconds: number }
  | { kind: 'decode'; outcome: string }
  | { kind: 'scrape' };

const events = fc.array(fc.oneof(
  { weight: 6, arbitrary: fc.record({
    kind: fc.constant('request' as const),
    method: fc.constantFrom('GET', 'POST', 'DELETE'),
    route: fc.constantFrom('/api/v1/vin/decode', '/api/v1/secure/vin/decode', '/api/v1/keys/:id', 'static', 'unmatched'),
    status: fc.constantFrom(200, 201, 400, 401, 404, 422, 429, 500),
    seconds: fc.oneof(fc.double({ min: 0, max: 5, noNaN: true }), fc.constantFrom(...LATENCY_BUCKETS_SECONDS)),
  }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('decode' as const), outcome: fc.constantFrom('ISO_17_STANDARD', 'JDM_CHASSIS', 'INVALID_LENGTH', 'CHECK_DIGIT_MISMATCH') }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'scrape' as const }) },
), { maxLength: 300 });

describe('Metrics', () => {
  it('scrapes as prom-client would have had every request counted with inc() and observe()', async () => {
    await fc.assert(fc.asyncProperty(events, async (script: Event[]) => {
      const metrics = new Metrics();
      const own = reference(await metrics.render());
      const compare = async () => {
        const got = blocks(await metrics.render());
        const want = blocks(await own.registry.metrics());
        for (const name of [REQUESTS, LATENCY, OUTCOMES]) expect(got.get(name)).toBe(want.get(name));
      };
      for (const event of [...script, { kind: 'scrape' } as const]) {
        if (event.kind === 'request') {
          metrics.observeRequest(event.method, event.route, event.status, event.seconds);
          own.requests.inc({ method: event.method, route: event.route, status: event.status });
          own.latency.observe({ route: event.route }, event.seconds);
        } else if (event.kind === 'decode') {
          metrics.countDecode(event.outcome);
          own.outcomes.inc({ outcome: event.outcome });
        } else {
          await compare();
        }
      }
    }), { numRuns: 200, seed: 0x5eed_3e7c });
  });
});
