// Entry point of the `vino` command. Each sub-command lives in its own module under commands/
// and registers itself on the program; exit codes are 0 ok, 1 a failure, 2 bad usage.
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { registerDecode } from './commands/decode.js';
import { registerServe } from './commands/serve.js';
import { registerKeys } from './commands/keys.js';
import { registerAdminToken } from './commands/admin-token.js';
import { printable } from './printable.js';
import { findPackage } from '../server/package-root.js';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** Adds a sub-command to the program: how bin/vino.js brings in the registry commands from codegen/. */
export type RegisterCommand = (program: Command) => void;

export function buildProgram(extraCommands: readonly RegisterCommand[] = []): Command {
  const program = new Command('vino')
    .description('Vehicle origin decoding: where a VIN or Japanese chassis number was made, and by whom')
    .version(findPackage().version, '-V, --version', 'print vino\'s version')
    .exitOverride()
    .showHelpAfterError();
  registerDecode(program);
  for (const register of extraCommands) register(program);
  registerServe(program);
  registerKeys(program);
  registerAdminToken(program);
  return program;
}

/**
 * A reader that stops reading (`vino decode … | head -1`) is not an error: the run ends quietly
 * with exit 0, as Unix tools that die of SIGPIPE do, instead of printing `write EPIPE`.
 */
export function endQuietlyWhenOutputCloses(stdout: NodeJS.WriteStream): void {
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(EXIT_OK);
    throw error;
  });
}

export async function main(argv: string[], extraCommands: readonly RegisterCommand[] = []): Promise<void> {
  endQuietlyWhenOutputCloses(process.stdout);
  const program = buildProgram(extraCommands);
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Commander prints the errors it raises itself; a usage error thrown by a command's action
      // (an InvalidArgumentError instance) reaches here unprinted.
      if (err instanceof InvalidArgumentError) process.stderr.write(`vino: error: ${printable(err.message)}\n`);
      const ok = err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help';
      process.exitCode = ok ? EXIT_OK : EXIT_USAGE;
      return;
    }
    process.stderr.write(`vino: ${printable(err instanceof Error ? err.message : String(err))}\n`);
    process.exitCode = EXIT_FAILURE;
  }
}
