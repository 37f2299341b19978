// The admin token guards key creation and revocation over HTTP. It comes from VINO_ADMIN_TOKEN, or
// is generated at first start and stored hashed (shown once); `vino admin-token --rotate` replaces it.
import type { KeyValueStore } from './kv-store.js';
import { generateAdminToken, hashSecret, MAX_SECRET_LENGTH, sameHash } from './secret-format.js';
import { TtlCache } from './ttl-cache.js';

interface StoredAdminToken { kind: 'admin-token'; hash: string; createdAt: string }

const ADMIN_TOKEN_KEY = 'admin-token';
/** A token set by hand must still be hard to guess. */
export const MIN_ADMIN_TOKEN_LENGTH = 16;

export class AdminTokens {
  private readonly envHash: string | undefined;
  private readonly cache: TtlCache<string | undefined>;

  /** `envToken` is VINO_ADMIN_TOKEN; when set, it is the only token accepted and nothing is stored. */
  constructor(private readonly kv: KeyValueStore, envToken: string | undefined, cacheTtlMs = 5000) {
    if (envToken !== undefined && (envToken.length < MIN_ADMIN_TOKEN_LENGTH || envToken.length > MAX_SECRET_LENGTH)) {
      throw new Error(`VINO_ADMIN_TOKEN must be ${MIN_ADMIN_TOKEN_LENGTH} to ${MAX_SECRET_LENGTH} characters long`);
    }
    this.envHash = envToken === undefined ? undefined : hashSecret(envToken);
    this.cache = new TtlCache(cacheTtlMs, 1);
  }

  get fromEnvironment(): boolean {
    return this.envHash !== undefined;
  }

  /**
   * Makes sure a token exists. Returns the new token when this call generated it (the one moment
   * it can be shown), undefined when one was already set or stored.
   */
  async ensure(): Promise<string | undefined> {
    if (this.envHash) return undefined;
    if (await this.kv.get<StoredAdminToken>(ADMIN_TOKEN_KEY)) return undefined;
    const token = await this.rotate();
    // Two instances starting together on one shared store: the last write wins, and only the
    // winner's token works, so only the winner shows it.
    const stored = await this.kv.get<StoredAdminToken>(ADMIN_TOKEN_KEY);
    return stored && stored.hash === hashSecret(token) ? token : undefined;
  }

  /** Stores a new token's hash, invalidating the previous one, and returns the token. */
  async rotate(): Promise<string> {
    const token = generateAdminToken();
    const record: StoredAdminToken = { kind: 'admin-token', hash: hashSecret(token), createdAt: new Date().toISOString() };
    await this.kv.set(ADMIN_TOKEN_KEY, record);
    this.cache.clear();
    return token;
  }

  /** True when `presented` is the admin token. Throws StoreUnavailableError when it cannot tell. */
  async verify(presented: string): Promise<boolean> {
    if (presented.length === 0 || presented.length > MAX_SECRET_LENGTH) return false;
    const expected = this.envHash ?? (await this.storedHash());
    return expected !== undefined && sameHash(expected, hashSecret(presented));
  }

  private async storedHash(): Promise<string | undefined> {
    const cached = this.cache.lookup(ADMIN_TOKEN_KEY);
    if (cached) return cached.value;
    const stored = await this.kv.get<StoredAdminToken>(ADMIN_TOKEN_KEY);
    this.cache.set(ADMIN_TOKEN_KEY, stored?.hash);
    return stored?.hash;
  }
}
