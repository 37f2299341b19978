/**
 * Recent lookups kept in the browser's localStorage so they survive a reload. Takes the Storage as a
 * parameter (a test hands in a Map-backed one) and never throws: storage can be full, disabled, or
 * hold something another version wrote, and none of that should break decoding.
 */
import type { OriginAlignment } from '../src/generated/contract.js';

export const RECENT_LOOKUPS_KEY = 'vino.recentLookups';
export const RECENT_LOOKUPS_LIMIT = 8;

export interface RecentLookup {
  identifier: string;
  originAlignment: OriginAlignment;
  verdict: string;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readRecentLookups(storage: StorageLike | null): RecentLookup[] {
  try {
    const parsed = JSON.parse(storage?.getItem(RECENT_LOOKUPS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isRecentLookup).slice(0, RECENT_LOOKUPS_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Puts the lookup first; an identifier decoded again moves up instead of appearing twice. */
export function rememberLookup(storage: StorageLike | null, lookup: RecentLookup): RecentLookup[] {
  const others = readRecentLookups(storage).filter((entry) => entry.identifier !== lookup.identifier);
  const lookups = [lookup, ...others].slice(0, RECENT_LOOKUPS_LIMIT);
  try {
    storage?.setItem(RECENT_LOOKUPS_KEY, JSON.stringify(lookups));
  } catch {
    // Quota exceeded or storage disabled: the list still shows for this visit.
  }
  return lookups;
}

export function clearRecentLookups(storage: StorageLike | null): void {
  try {
    storage?.removeItem(RECENT_LOOKUPS_KEY);
  } catch {
    // Storage disabled: there is nothing kept to clear.
  }
}

/** localStorage itself can throw on access (sandboxed iframes, some privacy modes). */
export function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function isRecentLookup(value: unknown): value is RecentLookup {
  const entry = value as RecentLookup;
  return typeof entry === 'object' && entry !== null && typeof entry.identifier === 'string' && typeof entry.verdict === 'string' && typeof entry.originAlignment === 'string';
}
