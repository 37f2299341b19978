// The options every command that touches the key store shares, so `vino keys …`, `vino admin-token`
// and `vino serve` find the same store from the same flags and variables. A flag's variable is
// commander's Option.env(): the flag wins, then the variable, then resolveConfig's default.
import { Option, type Command } from 'commander';
import { ConfigError, resolveConfig, type VinoConfig } from '../../config.js';
import type { KeyServices } from '../../keys/index.js';
import { printable } from '../printable.js';

export interface KeyStoreFlags { dataDir?: string; keystore?: string }

export function withKeyStoreOptions(command: Command): Command {
  return command
    .addOption(new Option('--data-dir <dir>', 'folder for the embedded key store (default: $XDG_DATA_HOME/vino or ~/.local/share/vino)').env('VINO_DATA_DIR'))
    .addOption(new Option('--keystore <url>', 'sqlite://…, redis://… or postgresql://…').env('VINO_KEYSTORE_URL'));
}

/** The configuration, or a usage error (exit 2) naming the setting that is wrong. */
export function configOrUsageError(command: Command, flags: object): VinoConfig {
  try {
    return resolveConfig(flags);
  } catch (error) {
    if (error instanceof ConfigError) command.error(`error: ${error.message}`, { exitCode: 2, code: 'vino.config' });
    throw error;
  }
}

/** Runs `work` with the key store open, and closes it whatever happens. */
export async function withKeyServices<T>(command: Command, flags: KeyStoreFlags, work: (services: KeyServices, config: VinoConfig) => Promise<T>): Promise<T> {
  const config = configOrUsageError(command, flags);
  const { openKeyServices, redactUrl } = await import('../../keys/index.js');
  const services = await openKeyServices(config.keystoreUrl, { adminToken: config.adminToken });
  let done: T;
  try {
    done = await work(services, config);
  } finally {
    await services.close();
  }
  // Which store: a default that depends on nothing but the user is still worth naming, so that the
  // CLI and the server can be seen to agree (the server names its store in its "listening" line).
  process.stderr.write(`vino: key store ${printable(redactUrl(config.keystoreUrl))}\n`);
  return done;
}
