// README's configuration table and `vino serve --help` name every VINO_* variable vino reads, with
// the rate limits' numeric defaults (issue 12, finding 20): a variable added to the code without
// its line in both fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_RATE_LIMIT_BAD_KEY, DEFAULT_RATE_LIMIT_KEY, DEFAULT_RATE_LIMIT_OPEN } from '../../src/config.js';
import { vino } from './run-vino.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const variables = [...new Set(sources(join(root, 'src')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bVINO_[A-Z_]+[A-Z]\b/g)].map((m) => m[0])))].sort();
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const table = readme.slice(readme.indexOf('### Configuration'), readme.indexOf('\n## ', readme.indexOf('### Configuration')));

describe('the configuration docs', () => {
  it('finds the variables the code reads', () => {
    expect(variables).toEqual(expect.arrayContaining(['VINO_HOST', 'VINO_LOG_LEVEL', 'VINO_TRUST_PROXY', 'VINO_WORKERS']));
  });

  it.each(variables)('README\'s configuration table has a row for %s', (variable) => {
    expect(table).toMatch(new RegExp(`^\\|[^\\n]*\`${variable}\``, 'm'));
  });

  it('README gives the rate limits\' and the connection cap\'s numbers', () => {
    for (const value of [DEFAULT_RATE_LIMIT_OPEN, DEFAULT_RATE_LIMIT_KEY, DEFAULT_RATE_LIMIT_BAD_KEY, DEFAULT_MAX_CONNECTIONS]) expect(table).toContain(`\`${value}\``);
  });

  it('`vino serve --help` names every variable, with the numeric defaults', () => {
    const help = vino(['serve', '--help']).stdout.replace(/\s+/g, ' ');
    for (const variable of variables) expect(help, variable).toContain(variable);
    for (const value of [DEFAULT_RATE_LIMIT_OPEN, DEFAULT_RATE_LIMIT_KEY, DEFAULT_RATE_LIMIT_BAD_KEY, DEFAULT_MAX_CONNECTIONS]) expect(help).toContain(`default ${value}`);
  });

  it('README lists every column `vino decode --format csv` appends', async () => {
    const { DECODED_COLUMNS } = await import('../../src/cli/csv-columns.js');
    for (const column of DECODED_COLUMNS) expect(readme, column).toContain(`\`${column}\``);
  });
});
