// `vino keys create <label>` / `list` / `revoke <id>`: API key administration from the command line,
// on the same store the server reads. A key is printed once, at creation; lists never show it.
import { Option, type Command } from 'commander';
import type { ApiKeySummary } from '../../keys/index.js';
import { printable, terminalSafeJson } from '../printable.js';
import { withKeyServices, withKeyStoreOptions, type KeyStoreFlags } from './key-store-options.js';
import type { VinoConfig } from '../../config.js';

interface JsonFlag extends KeyStoreFlags { json?: boolean; host?: string; port?: string }

const EXAMPLE_VIN = '1HGCM82633A004352';

/** Where the server this store belongs to listens, as the curl example should call it. */
function serverUrl(config: VinoConfig): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

function status(key: ApiKeySummary): string {
  return key.revokedAt ? `revoked ${key.revokedAt}` : 'active';
}

function table(keys: ApiKeySummary[]): string {
  const rows = [['ID', 'LABEL', 'PREFIX', 'CREATED', 'LAST USED', 'STATUS'],
    ...keys.map((k) => [k.id, k.label, `${k.prefix}…`, k.createdAt, k.lastUsedAt ?? '-', status(k)].map(printable))];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n';
}

export function registerKeys(program: Command): void {
  const keys = program.command('keys').description('create, list and revoke API keys for the secure endpoints');

  withKeyStoreOptions(keys.command('create'))
    .description('create an API key for an application; the key is printed once')
    .argument('<label>', 'the application it is for, e.g. "My ERP"')
    .option('--json', 'print {"id", "label", "key", "prefix", "createdAt"} on one line')
    .addOption(new Option('--host <host>', 'where the server listens, for the example it prints (default 127.0.0.1)').env('VINO_HOST'))
    .addOption(new Option('--port <port>', 'the server\'s port, for the example it prints (default 8080)').env('VINO_PORT'))
    .action(async (label: string, flags: JsonFlag, command: Command) => {
      const { isValidKeyLabel } = await import('../../server/validate.js');
      if (!isValidKeyLabel(label)) command.error('error: the label must be 1 to 100 printable characters, not only spaces', { exitCode: 2, code: 'vino.label' });
      let base = '';
      const created = await withKeyServices(command, flags, (s, config) => {
        base = serverUrl(config);
        return s.keys.create(label.trim());
      });
      if (flags.json) {
        process.stdout.write(terminalSafeJson(created) + '\n');
        return;
      }
      process.stdout.write(
        `Created API key ${created.id} for "${printable(created.label)}".\n\n    ${created.key}\n\n` +
        'Store it now: it is shown only this once. Call the secure endpoint with it:\n\n' +
        `    curl -X POST ${base}/api/v1/secure/vin/decode \\\n` +
        `      -H 'Authorization: Bearer ${created.key}' \\\n` +
        `      -H 'Content-Type: application/json' -d '{"identifier":"${EXAMPLE_VIN}"}'\n`);
    });

  withKeyStoreOptions(keys.command('list'))
    .description('list API keys (never the keys themselves)')
    .option('--json', 'print {"keys": […]} on one line')
    .action(async (flags: JsonFlag, command: Command) => {
      const list = await withKeyServices(command, flags, (s) => s.keys.list());
      if (flags.json) process.stdout.write(terminalSafeJson({ keys: list }) + '\n');
      else process.stdout.write(list.length ? table(list) : 'No API keys yet; create one with: vino keys create "My ERP"\n');
    });

  withKeyStoreOptions(keys.command('revoke'))
    .description('revoke an API key by id; requests with it are refused within seconds')
    .argument('<id>', 'the key id, as `vino keys list` shows it (key_…)')
    .option('--json', 'print the revoked key on one line')
    .action(async (id: string, flags: JsonFlag, command: Command) => {
      const revoked = await withKeyServices(command, flags, (s) => s.keys.revoke(id));
      if (!revoked) {
        process.stderr.write(`vino: no API key has the id ${printable(id)}\n`);
        process.exitCode = 1;
        return;
      }
      if (flags.json) process.stdout.write(terminalSafeJson(revoked) + '\n');
      else process.stdout.write(`Revoked ${revoked.id} ("${printable(revoked.label)}") at ${revoked.revokedAt}.\n`);
    });
}
