/** The key store did not answer (down, timed out, locked): the server answers 503, the CLI exits 1. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A store URL vino cannot use: a configuration mistake, reported at start-up. */
export class StoreUrlError extends Error {
  override readonly name = 'StoreUrlError';
}
