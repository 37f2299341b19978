// Per-client-address limits on the open endpoints, per-key limits on the secure ones, and a
// per-client-address limit on failed authentications to the secure ones, counted in memory, or
// beside the keys in Redis or PostgreSQL so that every instance shares one budget. A limit of 0
// installs nothing at all: benchmarks and bulk evaluations pay nothing for it.
import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import {
  RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, RLWrapperTimeouts, type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { SharedCounters } from '../keys/kv-store.js';
import { plainAddress, type TrustedProxies } from './trusted-proxies.js';
import { problems, type HttpProblem } from './http-problem.js';
import type { Metrics } from './metrics.js';

export interface RateLimitSettings {
  /** Requests per minute per client address on the open endpoints; 0 = off. */
  openPerMinute: number;
  /** Requests per minute per API key on the secure endpoints; 0 = off. */
  keyPerMinute: number;
  /** Failed authentications (no key, or one not accepted) per minute per client address on the secure endpoints; 0 or unset = off. */
  failedAuthPerMinute?: number;
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
  /** Failed authentications per client address on the secure endpoints; unset = no limit. */
  failedAuth?: FailedAuthLimit | undefined;
  /** Failed admin-token authentications per client address on the key endpoints; unset = no limit. */
  failedAdminAuth?: FailedAuthLimit | undefined;
}

/**
 * Longest a request waits for a shared counter. A store that has gone silent (a network partition:
 * the connection stays open, no answer comes) would otherwise hold every request, the open
 * endpoints included, for as long as the partition lasts.
 */
export const SHARED_COUNTER_TIMEOUT_MS = 250;

/** Retry-After: whole seconds, at least 1. */
const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

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
  const failures = limiter('bad-key', settings.failedAuthPerMinute ?? 0, settings);
  // The admin token gets a budget of its own with the same size: guessing it must cost as much as
  // guessing keys (issue 12, finding 3), and a bad integration key must not lock out the operator.
  const adminFailures = limiter('bad-admin', settings.failedAuthPerMinute ?? 0, settings);
  return {
    open: limiter('open', settings.openPerMinute, settings),
    perKey: limiter('key', settings.keyPerMinute, settings),
    failedAuth: failures && new FailedAuthLimit(failures),
    failedAdminAuth: adminFailures && new FailedAuthLimit(adminFailures, 'bad-admin', problems.tooManyBadAdminTokens),
  };
}

/** Most addresses an instance remembers as refused; past it the oldest is forgotten (it is blocked again at its next failure). */
const MAX_BLOCKED_ADDRESSES = 10_000;

/**
 * Failed authentications on the secure endpoints, per client address. Each failure is counted in
 * the shared counter (the same store, window and insurance as the other limits); when an address
 * has used its budget, this instance remembers it in a Map until the window ends, and every secure
 * request from it is refused there, before its key is looked at. So a request with a good key costs
 * one Map lookup (none at all while no address is refused), never a store round trip. Another
 * instance learns of the refusal at that address's next failure there, when the shared counter
 * says no.
 */
export class FailedAuthLimit {
  /** Address → when (ms since the epoch) its refusal ends. */
  private readonly refusedUntil = new Map<string, number>();
  /** When the last refusal in the Map ends: past it, the Map is emptied at once. */
  private lastEnds = 0;

  constructor(
    private readonly counter: RateLimiterAbstract,
    /** The scope counted in vino_rate_limited_total. */
    private readonly scope = 'bad-key',
    /** The 429 problem, given its Retry-After in seconds. */
    private readonly refusal: (retryAfterSeconds: number) => HttpProblem = problems.tooManyBadKeys,
    private readonly now: () => number = Date.now,
  ) {}

  /** False while no address is refused, so callers need not even work out the address. */
  get refusing(): boolean {
    if (this.refusedUntil.size === 0) return false;
    if (this.now() < this.lastEnds) return true;
    this.refusedUntil.clear();
    return false;
  }

  /** Throws the 429 problem when `address` has used its budget. Synchronous: a Map lookup. */
  refuseIfBlocked(address: string, metrics: Metrics): void {
    const until = this.refusedUntil.get(address);
    if (until === undefined) return;
    const left = until - this.now();
    if (left <= 0) {
      this.refusedUntil.delete(address);
      return;
    }
    metrics.countRateLimited(this.scope);
    throw this.refusal(seconds(left));
  }

  /**
   * Counts one failed authentication from `address`. The failure that uses up the budget is still
   * answered as it was (401) and refuses the address from then on; past the budget (the counter was
   * used up elsewhere: another instance, or requests in flight together) it throws the 429 problem.
   */
  async countFailure(address: string, metrics: Metrics): Promise<void> {
    let counted: RateLimiterRes;
    try {
      counted = await this.counter.consume(address);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      this.refuse(address, rejection.msBeforeNext);
      metrics.countRateLimited(this.scope);
      throw this.refusal(seconds(rejection.msBeforeNext));
    }
    if (counted.remainingPoints <= 0) this.refuse(address, counted.msBeforeNext);
  }

  private refuse(address: string, ms: number): void {
    if (!this.refusedUntil.has(address) && this.refusedUntil.size >= MAX_BLOCKED_ADDRESSES) {
      const now = this.now();
      for (const [known, until] of this.refusedUntil) if (until <= now) this.refusedUntil.delete(known);
      // Maps iterate in insertion order, so the first is the refusal made longest ago.
      if (this.refusedUntil.size >= MAX_BLOCKED_ADDRESSES) this.refusedUntil.delete(this.refusedUntil.keys().next().value!);
    }
    const until = this.now() + Math.max(1000, ms);
    this.refusedUntil.set(address, until);
    if (until > this.lastEnds) this.lastEnds = until;
  }
}

/** Consumes one point for `key`; rejects with a 429 problem (Retry-After) past the limit. */
async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string, scope: string, metrics: Metrics): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    metrics.countRateLimited(scope);
    throw problems.rateLimited(seconds(rejection.msBeforeNext));
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
 * The client address rate limits count by: the peer's address, unless the peer is a trusted proxy;
 * then X-Forwarded-For is read from its end (the entry the proxy wrote) leftwards, past every
 * trusted proxy, to the first address that is not one. Entries left of that came from the client
 * and can say anything. Several X-Forwarded-For headers arrive joined with commas.
 */
export function clientAddress(req: IncomingMessage, trusted: TrustedProxies): string {
  const peer = plainAddress(req.socket.remoteAddress ?? '');
  if (!trusted.any || !trusted.trusts(peer)) return peer;
  const forwarded = req.headers['x-forwarded-for'];
  if (typeof forwarded !== 'string') return peer;
  let address = peer;
  let end = forwarded.length;
  while (end > 0) {
    const comma = forwarded.lastIndexOf(',', end - 1);
    const hop = forwarded.slice(comma + 1, end).trim();
    end = comma < 0 ? 0 : comma;
    if (hop === '') break;
    address = plainAddress(hop);
    if (!trusted.trusts(address)) break;
  }
  return address;
}
