// API keys: created with a label, shown once, stored only as a SHA-256 hash, listed, revoked.
// Records live in a KeyValueStore; `authenticate` is the hot path of the secure endpoints.
import type { KeyCreated, KeySummary } from '../generated/contract.js';
import type { KeyValueStore } from './kv-store.js';
import { displayPrefix, generateApiKey, hashSecret, isWellFormedApiKey, MAX_SECRET_LENGTH, sameHash } from './secret-format.js';
import { TtlCache } from './ttl-cache.js';

/** What is stored per key. `hash` is the SHA-256 of the key; the key itself is never kept. */
export interface ApiKeyRecord {
  kind: 'api-key';
  id: string;
  label: string;
  prefix: string;
  hash: string;
  createdAt: string;
  revokedAt: string | null;
}

/** Kept apart from the record so that a last-used update can never undo a concurrent revocation. */
interface LastUsedRecord { kind: 'last-used'; id: string; at: string }

/** What lists show: everything but the hash (schemas/key-summary.schema.json). */
export type ApiKeySummary = KeySummary;

/** What creation answers (schemas/key-created.schema.json): the only time the key itself leaves vino. */
export type CreatedApiKey = KeyCreated;

export interface KeyStoreOptions {
  /** How long a lookup is trusted; a revocation made elsewhere applies after at most this long. */
  cacheTtlMs?: number;
  /** Last-used times are written at most this often per key, keeping writes off the hot path. */
  lastUsedIntervalMs?: number;
  now?: () => Date;
}

// The id is derived from the hash so that a check is one store read; the first 64 bits of the
// SHA-256 of a 190-bit random key tell nothing that helps find the key.
const idFor = (hash: string): string => `key_${hash.slice(0, 16)}`;
const recordKey = (id: string): string => `key:${id}`;
const lastUsedKey = (id: string): string => `used:${id}`;
const PING_KEY = 'ping';
/** Half the 10 s within which a revocation must reach every instance. */
export const DEFAULT_CACHE_TTL_MS = 5000;

export class KeyStore {
  private readonly cache: TtlCache<ApiKeyRecord | undefined>;
  private readonly lastUsedWritten = new Map<string, number>();
  private readonly lastUsedIntervalMs: number;
  private readonly now: () => Date;
  private readonly nowMs: () => number;

  constructor(private readonly kv: KeyValueStore, options: KeyStoreOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.nowMs = options.now ? () => options.now!().getTime() : Date.now;
    this.cache = new TtlCache(options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS, 10_000, this.nowMs);
    this.lastUsedIntervalMs = options.lastUsedIntervalMs ?? 60_000;
  }

  async create(label: string): Promise<CreatedApiKey> {
    let key = generateApiKey();
    let hash = hashSecret(key);
    // Two keys sharing 64 bits of hash is practically impossible; checking costs one read.
    while (await this.kv.get(recordKey(idFor(hash)))) {
      key = generateApiKey();
      hash = hashSecret(key);
    }
    const record: ApiKeyRecord = {
      kind: 'api-key', id: idFor(hash), label, prefix: displayPrefix(key), hash,
      createdAt: this.now().toISOString(), revokedAt: null,
    };
    await this.kv.set(recordKey(record.id), record);
    this.cache.delete(hash);
    return { id: record.id, label: record.label, key, prefix: record.prefix, createdAt: record.createdAt };
  }

  async list(): Promise<ApiKeySummary[]> {
    const values = await this.kv.values<ApiKeyRecord | LastUsedRecord>();
    const lastUsed = new Map<string, string>();
    for (const v of values) if (v?.kind === 'last-used') lastUsed.set(v.id, v.at);
    return values
      .filter((v): v is ApiKeyRecord => v?.kind === 'api-key')
      .map((r) => summarise(r, lastUsed.get(r.id) ?? null))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async get(id: string): Promise<ApiKeySummary | undefined> {
    const record = await this.kv.get<ApiKeyRecord>(recordKey(id));
    if (!record) return undefined;
    const used = await this.kv.get<LastUsedRecord>(lastUsedKey(id));
    return summarise(record, used?.at ?? null);
  }

  /** Marks the key revoked (kept for the record); undefined when no key has this id. */
  async revoke(id: string): Promise<ApiKeySummary | undefined> {
    const record = await this.kv.get<ApiKeyRecord>(recordKey(id));
    if (!record) return undefined;
    if (!record.revokedAt) {
      record.revokedAt = this.now().toISOString();
      await this.kv.set(recordKey(id), record);
    }
    this.cache.delete(record.hash);
    const used = await this.kv.get<LastUsedRecord>(lastUsedKey(id));
    return summarise(record, used?.at ?? null);
  }

  /**
   * The live (not revoked) key record for a presented key, or undefined. Answers from the cache
   * synchronously (the secure endpoints' hot path pays no promise for it); otherwise reads the
   * store, refusing malformed keys without touching it. The promise rejects with
   * StoreUnavailableError when the store does not answer.
   */
  authenticate(presented: string): ApiKeyRecord | undefined | Promise<ApiKeyRecord | undefined> {
    if (presented.length > MAX_SECRET_LENGTH) return undefined;
    const hash = hashSecret(presented);
    const cached = this.cache.lookup(hash);
    if (cached) return this.admit(cached.value);
    if (!isWellFormedApiKey(presented)) return undefined;
    return this.fetchForCache(hash).then((record) => this.admit(record));
  }

  /** A record the cache or the store gave for this hash: live, or undefined. */
  private admit(record: ApiKeyRecord | undefined): ApiKeyRecord | undefined {
    if (!record || record.revokedAt !== null) return undefined;
    this.noteUse(record.id);
    return record;
  }

  /**
   * The record stored under the hash's id, if its whole hash is the presented key's (compared in
   * constant time, here at the store read), cached under that hash: so the cache holds only
   * records whose hash is their key, and a cache hit needs no second comparison.
   */
  private async fetchForCache(hash: string): Promise<ApiKeyRecord | undefined> {
    const stored = await this.kv.get<ApiKeyRecord>(recordKey(idFor(hash)));
    const record = stored && sameHash(stored.hash, hash) ? stored : undefined;
    this.cache.set(hash, record);
    return record;
  }

  /** Records the last use at most once per interval per key; a failed write only loses a timestamp. */
  private noteUse(id: string): void {
    const nowMs = this.nowMs();
    if (nowMs - (this.lastUsedWritten.get(id) ?? 0) < this.lastUsedIntervalMs) return;
    this.lastUsedWritten.set(id, nowMs);
    const record: LastUsedRecord = { kind: 'last-used', id, at: new Date(nowMs).toISOString() };
    this.kv.set(lastUsedKey(id), record).catch(() => this.lastUsedWritten.delete(id));
  }

  /** Resolves when the store answers a read; throws StoreUnavailableError otherwise. */
  async ping(): Promise<void> {
    await this.kv.get(PING_KEY);
  }

  async close(): Promise<void> {
    await this.kv.close();
  }
}

function summarise(record: ApiKeyRecord, lastUsedAt: string | null): ApiKeySummary {
  return { id: record.id, label: record.label, prefix: record.prefix, createdAt: record.createdAt, lastUsedAt, revokedAt: record.revokedAt };
}
