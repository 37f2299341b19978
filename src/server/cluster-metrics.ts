// /metrics under `vino serve --workers N`. Workers do not listen to each other and only the primary
// can reach them all, so a worker that is scraped asks the primary over the cluster channel; the
// primary's prom-client AggregatorRegistry asks every worker for its registry and sums them.
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { problems } from './http-problem.js';

const SCRAPE_REQUEST = 'vino:metrics-scrape';
const SCRAPE_ANSWER = 'vino:metrics-answer';
/** prom-client gives up on a worker that does not answer within 5 s; the scraped worker waits a little longer. */
const SCRAPE_TIMEOUT_MS = 6000;

interface ScrapeRequest { type: typeof SCRAPE_REQUEST; id: number }
interface ScrapeAnswer { type: typeof SCRAPE_ANSWER; id: number; text?: string; error?: string }

/** In the primary: answers the workers' scrape requests with the whole group's metrics. */
export function serveGroupMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Partial<ScrapeRequest>) => {
    if (message?.type !== SCRAPE_REQUEST || typeof message.id !== 'number') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: SCRAPE_ANSWER, id, text } satisfies ScrapeAnswer),
      (error: Error) => worker.send({ type: SCRAPE_ANSWER, id, error: error.message } satisfies ScrapeAnswer),
    );
  });
}

/**
 * In a worker: offers `registry` to the primary's aggregation, and gives the scrape that asks for
 * the group's. When the primary does not answer in time, or answers that a worker did not, the
 * scrape fails with a 503 METRICS_UNAVAILABLE problem: a busy group, not a bug in this process.
 */
export function groupScrape(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry(); // installs prom-client's listener that answers the primary with the registry
  const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  let nextId = 0;
  process.on('message', (message: Partial<ScrapeAnswer>) => {
    if (message?.type !== SCRAPE_ANSWER || typeof message.id !== 'number') return;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    clearTimeout(waiting.timer);
    if (typeof message.text === 'string') waiting.resolve(message.text);
    else waiting.reject(problems.metricsUnavailable());
  });
  return () => new Promise<string>((resolve, reject) => {
    const id = nextId++;
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(problems.metricsUnavailable());
    }, SCRAPE_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    process.send!({ type: SCRAPE_REQUEST, id } satisfies ScrapeRequest);
  });
}
