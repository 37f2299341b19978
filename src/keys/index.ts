// One place that opens the key store for the CLI and the server, so both read and write the same data.
import { AdminTokens } from './admin-token.js';
import { KeyStore, type KeyStoreOptions } from './key-store.js';
import { openKeyValueStore, type KeyValueStore, type KeyValueStoreOptions } from './kv-store.js';

export interface KeyServices {
  keys: KeyStore;
  admin: AdminTokens;
  kv: KeyValueStore;
  close(): Promise<void>;
}

export interface OpenKeyServicesOptions extends KeyValueStoreOptions, KeyStoreOptions {
  adminToken?: string | undefined;
}

export async function openKeyServices(url: string, options: OpenKeyServicesOptions = {}): Promise<KeyServices> {
  const kv = await openKeyValueStore(url, options);
  try {
    const keys = new KeyStore(kv, options);
    const admin = new AdminTokens(kv, options.adminToken, options.cacheTtlMs);
    return { keys, admin, kv, close: () => kv.close() };
  } catch (error) {
    await kv.close();
    throw error;
  }
}

export type { ApiKeySummary, CreatedApiKey, ApiKeyRecord } from './key-store.js';
export { KeyStore } from './key-store.js';
export { AdminTokens } from './admin-token.js';
export { StoreUnavailableError, StoreUrlError } from './store-errors.js';
export { redactUrl, sqliteUrlFor } from './kv-store.js';
