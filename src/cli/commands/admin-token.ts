// `vino admin-token --rotate`: replaces the admin token that guards key creation over HTTP. Only its
// hash is stored, so the current token cannot be shown again; rotating is how to get a usable one.
import type { Command } from 'commander';
import { withKeyServices, withKeyStoreOptions, type KeyStoreFlags } from './key-store-options.js';

interface AdminTokenFlags extends KeyStoreFlags { rotate?: boolean; json?: boolean }

export function registerAdminToken(program: Command): void {
  withKeyStoreOptions(program.command('admin-token'))
    .description('replace the admin token (with --rotate); the new one is printed once')
    .option('--rotate', 'generate a new admin token; the old one stops working within seconds')
    .option('--json', 'print {"adminToken"} on one line')
    .action(async (flags: AdminTokenFlags, command: Command) => {
      if (!flags.rotate) {
        command.error('error: the admin token is stored only as a hash and cannot be shown; `vino admin-token --rotate` makes a new one',
          { exitCode: 2, code: 'vino.usage' });
      }
      const { token, fromEnvironment } = await withKeyServices(command, flags, async (s) => ({ token: await s.admin.rotate(), fromEnvironment: s.admin.fromEnvironment }));
      if (flags.json) {
        process.stdout.write(JSON.stringify({ adminToken: token }) + '\n');
      } else {
        process.stdout.write(`New admin token (shown only this once; store it now):\n\n    ${token}\n\n` +
          'Send it as Authorization: Bearer <token> to POST/GET/DELETE /api/v1/keys.\n');
      }
      if (fromEnvironment) process.stderr.write('vino: note: VINO_ADMIN_TOKEN is set, and a server started with it accepts only that token.\n');
    });
}
