// Per-client-address limits on the open endpoints and per-key limits on the secure ones, counted in
// memory, or beside the keys in Redis or PostgreSQL so that every instance shares one budget. A limit
// of 0 installs no middleware at all: benchmarks and bulk evaluations pay nothing for it.
import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import {
  RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, RLWrapperTimeouts, type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { SharedCounters } from '../keys/kv-store.js';
import { problems } from './http-problem.js';
import type { Metrics } from './metrics.js';

export interface RateLimitSettings {
  /** Requests per minute per client address on the open endpoints; 0 = off. */
  openPerMinute: number;
  /** Requests per minute per API key on the secure endpoints; 0 = off. */
  keyPerMinute: number;
  /** Shared counters when set (the key store's Redis or PostgreSQL connection). */
  sharedCounters?: SharedCounters | undefined;
  /** Workers of one process group splitting one in-memory budget (node:cluster spreads connections evenly). */
  shareAmong?: number;
  /** Keeps deployments sharing one Redis apart, as the key store's namespace does. */
  namespace?: string;
}

export interface Limiters {
  open: RateLimiterAbstract | undefined;
  perKey: RateLimiterAbstract | undefined;
}

/**
 * Longest a request waits for a shared counter. A store that has gone silent (a network partition:
 * the connection stays open, no answer comes) would otherwise hold every request, the open
 * endpoints included, for as long as the partition lasts.
 */
export const SHARED_COUNTER_TIMEOUT_MS = 250;

function limiter(name: string, perMinute: number, settings: RateLimitSettings): RateLimiterAbstract | undefined {
  if (perMinute === 0) return undefined;
  const memoryPoints = Math.max(1, Math.ceil(perMinute / (settings.shareAmong ?? 1)));
  const keyPrefix = `${settings.namespace ?? 'vino'}-rate-${name}`;
  const memory = new RateLimiterMemory({ keyPrefix, points: memoryPoints, duration: 60 });
  const shared = settings.sharedCounters;
  if (!shared) return memory;
  // While the store is down or silent each instance counts on its own, rather than refusing all.
  const common = { keyPrefix, points: perMinute, duration: 60, insuranceLimiter: memory };
  const store = shared.kind === 'redis'
    ? new RateLimiterRedis({ ...common, storeClient: shared.client, useRedisPackage: true, rejectIfRedisNotReady: true })
    // The table is created on first use (postgres-adapter.ts), so a database down at start-up is no obstacle.
    : new RateLimiterPostgres({ ...common, storeClient: shared.client, storeType: 'pool', tableName: shared.table, tableCreated: true });
  return new RLWrapperTimeouts({ limiter: store, timeoutMs: SHARED_COUNTER_TIMEOUT_MS, insuranceLimiter: memory });
}

export function createLimiters(settings: RateLimitSettings): Limiters {
  return { open: limiter('open', settings.openPerMinute, settings), perKey: limiter('key', settings.keyPerMinute, settings) };
}

/** Consumes one point for `key`; rejects with a 429 problem (Retry-After) past the limit. */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string, scope: string, metrics: Metrics): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    metrics.countRateLimited(scope);
    throw problems.rateLimited(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
  }
}

/** Consumes one point per request for the caller `keyOf` names. */
export function rateLimit(limiter: RateLimiterAbstract | undefined, scope: string, keyOf: (ctx: Context) => string, metrics: Metrics): Middleware[] {
  if (!limiter) return [];
  return [async function rateLimit(ctx, next) {
    await consumeOrRefuse(limiter, keyOf(ctx), scope, metrics);
    return next();
  }];
}

/**
 * The client address rate limits count by: behind a trusted proxy, the last X-Forwarded-For
 * entry (the one that proxy wrote: earlier entries come from the client and can say anything),
 * else the peer's address. Several X-Forwarded-For headers arrive joined with commas.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const last = typeof forwarded === 'string' ? forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() : '';
  return last || req.socket.remoteAddress || '';
}
