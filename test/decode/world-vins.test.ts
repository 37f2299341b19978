// The curators' dev sets (eval/world-*.csv): every identifier is decoded in process and held to
// the facts its row states, each from the public source the row names. Plant country and city,
// manufacturer and corporate country are asserted where the row states them, and the verdict
// follows from the two countries. A malformed row fails its file's first test, never vanishes.
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/decode/index.js';
import type { DecodeResult } from '../../src/generated/contract.js';
import { PROJECT_ROOT } from '../fixtures/registry-root.js';
import { parseWorldCases, readKnownMisses, readWorldCases, repeatsAcrossFiles, WORLD_HEADER, type KnownMissCheck, type WorldCase } from '../fixtures/world-cases.js';

// Matching the shared scorer (/work/shared/eval/score.mjs), so the test and the scored figures agree:
// names compare as words without accents or punctuation; a city matches when one name holds the
// other ("Valencia" in "Almussafes (Valencia)"); a maker matches on the first distinctive word of
// the row's make or manufacturer.
const norm = (s: string | null | undefined): string =>
  String(s ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();
const STOP = new Set(['THE', 'MOTOR', 'MOTORS', 'CO', 'CORP', 'CORPORATION', 'COMPANY', 'INC', 'LLC', 'LTD', 'AG', 'GMBH', 'SA', 'DE', 'CV', 'OF', 'USA', 'AMERICA', 'MFG', 'MANUFACTURING', 'AUTOMOBILE', 'AUTO', 'GROUP', 'NORTH', 'AMERICAN', 'LIMITED', 'S', 'A', 'SPA', 'US', 'INDUSTRIES', 'CAR', 'CARS', 'VEHICLE', 'VEHICLES']);
const words = (s: string | null | undefined): string[] => norm(s).split(' ').filter((w) => w && !STOP.has(w));

export function sameCity(want: string, got: string | null): boolean {
  const a = norm(want), b = norm(got);
  return a !== '' && b !== '' && (a === b || b.includes(a) || a.includes(b));
}

export function sameMaker(make: string, manufacturer: string, r: DecodeResult): boolean {
  const got = new Set([r.corporateOrigin.manufacturer, r.vehicle.make, r.vehicle.manufacturer].flatMap(words));
  const want = [...words(make).slice(0, 1), ...words(manufacturer).slice(0, 1)];
  return want.length > 0 && want.some((w) => got.has(w));
}

function decoded(c: WorldCase): DecodeResult {
  const outcome = decode(c.values.input);
  if (!outcome.ok) throw new Error(`${c.file}:${c.line}: ${c.values.input} is refused: ${outcome.error.code} ${outcome.error.detail}`);
  return outcome.result;
}

/** What the result says, for the message of a failed assertion. */
function answer(r: DecodeResult): string {
  const a = r.assembly;
  return `${r.corporateOrigin.manufacturer} (${r.corporateOrigin.countryCode}), plant ${a.plantCode ?? '-'}: ${a.countryCode ?? '-'} ${a.city ?? '-'}, ${r.summary.originAlignment}`;
}

const known = readKnownMisses(PROJECT_ROOT);
const missesOf = (input: string): Map<KnownMissCheck, string> =>
  new Map(known.misses.filter((m) => m.input === input).map((m) => [m.check, m.reason]));

/** Holds a fact, or, for a fact listed in eval/known-misses.csv, holds that vino still misses it. */
function check(misses: Map<KnownMissCheck, string>, name: KnownMissCheck, at: string, holds: boolean, message: string): void {
  const reason = misses.get(name);
  if (reason === undefined) expect(holds, `${at}: ${message}`).toBe(true);
  else expect(holds, `${at}: ${name} now holds; remove it from eval/known-misses.csv (${reason})`).toBe(false);
}

function expectFacts(c: WorldCase, r: DecodeResult): void {
  const v = c.values;
  const at = `${c.file}:${c.line} ${v.input} -> ${answer(r)}`;
  const misses = missesOf(v.input);
  check(misses, 'manufacturer', at, sameMaker(v.make, v.manufacturer, r), `manufacturer, want ${v.make || v.manufacturer}`);
  if (v.corporate_country) check(misses, 'corporate_country', at, r.corporateOrigin.countryCode === v.corporate_country, `corporate country, want ${v.corporate_country}`);
  if (v.plant_country) check(misses, 'plant_country', at, r.assembly.countryCode === v.plant_country, `plant country, want ${v.plant_country}`);
  if (v.plant_city) check(misses, 'plant_city', at, sameCity(v.plant_city, r.assembly.city), `plant city, want ${v.plant_city}`);
  if (v.corporate_country && v.plant_country) {
    const want = v.corporate_country === v.plant_country ? 'VERIFIED_ORIGIN_ALIGNMENT' : 'TRANSNATIONAL_ASSEMBLY';
    check(misses, 'verdict', at, r.summary.originAlignment === want, `verdict ${r.summary.originAlignment}, want ${want}`);
  }
}

describe('eval/known-misses.csv', () => {
  it('is well formed, and every line names a dev-set identifier', () => {
    expect(known.problems).toEqual([]);
    const inputs = new Set(files.flatMap((f) => f.cases.map((c) => c.values.input)));
    expect(known.misses.filter((m) => !inputs.has(m.input)).map((m) => `line ${m.line}: ${m.input}`)).toEqual([]);
  });
});

function expectJdmFacts(c: WorldCase, r: DecodeResult): void {
  const v = c.values;
  const at = `${c.file}:${c.line} ${v.input} -> ${r.vehicle.make} ${r.vehicle.model} ${r.vehicle.productionYears}`;
  expect(r.summary.format, at).toBe('JDM_CHASSIS');
  const codes = r.validation.warnings.map((w) => w.code);
  expect(codes, `${at}: the model code is in the registry and its row rests on a source`).not.toEqual(expect.arrayContaining(['MODEL_CODE_UNKNOWN']));
  expect(codes, at).not.toContain('REGISTRY_ROW_UNVERIFIED');
  expect(words(v.model).some((w) => words(r.vehicle.model).includes(w)), `${at}: model, want ${v.model}`).toBe(true);
  if (v.years) expect(r.vehicle.productionYears, `${at}: production years`).toBe(v.years);
}

const files = readWorldCases(PROJECT_ROOT);

describe('the dev-set reader', () => {
  const countries = new Set(['DE', 'JP', 'ES']);
  const header = WORLD_HEADER.join(',');
  const row = (cells: Partial<Record<(typeof WORLD_HEADER)[number], string>>): string =>
    WORLD_HEADER.map((h) => cells[h] ?? '').join(',');
  const good = { kind: 'vin', input: 'VSSZZZ6JZ9R123456', make: 'SEAT', corporate_country: 'ES', plant_country: 'ES', plant_city: 'Martorell', source: 'a page' };

  it('reads a well-formed row as a case', () => {
    const parsed = parseWorldCases('eval/world-x.csv', [header, row(good)].join('\n') + '\n', countries);
    expect(parsed.problems).toEqual([]);
    expect(parsed.cases).toHaveLength(1);
    expect(parsed.cases[0]).toMatchObject({ file: 'eval/world-x.csv', line: 2, kind: 'vin', values: { plant_city: 'Martorell' } });
  });

  // Each refused row differs from the good one in one cell (and in its VIN, so it is not a repeat).
  const other = { ...good, input: 'VSSZZZ6JZ9R654321' };
  it.each([
    ['a short row', `${other.kind},${other.input},,SEAT`, 'has 4 fields'],
    ['a VIN with an O', row({ ...good, input: 'VSSZZZ6JZ9R12345O' }), 'not 17 characters of the VIN alphabet'],
    ['an unknown plant country', row({ ...other, plant_country: 'XX' }), 'plant_country "XX" is not an ISO 3166-1 code'],
    ['no source', row({ ...other, source: '' }), 'source is empty'],
    ['another kind', row({ ...other, kind: 'invalid' }), 'kind must be vin or jdm'],
    ['a city without a country', row({ ...other, plant_country: '' }), 'plant_city is given without plant_country'],
    ['a chassis number that is not one', row({ ...other, kind: 'jdm', input: 'JZA80', model: 'Supra' }), 'not a MODELCODE-SERIAL'],
  ])('refuses %s, naming its line', (_name, line, message) => {
    const parsed = parseWorldCases('eval/world-x.csv', [header, row(good), line].join('\n') + '\n', countries);
    expect(parsed.cases).toHaveLength(1);
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toContain('eval/world-x.csv:3: ');
    expect(parsed.problems[0]).toContain(message);
  });

  it('refuses a file whose header differs, and a VIN listed twice', () => {
    expect(parseWorldCases('eval/world-x.csv', 'kind,input\nvin,VSSZZZ6JZ9R123456\n', countries).problems[0]).toContain('eval/world-x.csv:1: the header must be');
    const twice = parseWorldCases('eval/world-x.csv', [header, row(good), row(good)].join('\n') + '\n', countries);
    expect(twice.problems).toEqual(['eval/world-x.csv:3: VSSZZZ6JZ9R123456 is already on line 2']);
  });

  it('names an identifier that two dev sets hold', () => {
    const a = parseWorldCases('eval/world-a.csv', [header, row(good)].join('\n') + '\n', countries);
    const b = parseWorldCases('eval/world-b.csv', [header, row(other), row(good)].join('\n') + '\n', countries);
    expect(repeatsAcrossFiles([a, b])).toEqual(['eval/world-b.csv:3: VSSZZZ6JZ9R123456 is also in eval/world-a.csv:2']);
    expect(repeatsAcrossFiles([a])).toEqual([]);
  });

  it('no identifier is in two of the project\'s dev sets', () => {
    expect(repeatsAcrossFiles(files)).toEqual([]);
  });
});

describe.each(files.map((f) => [f.file, f] as const))('%s', (_name, file) => {
  it('has only well-formed rows', () => {
    expect(file.problems).toEqual([]);
    expect(file.cases.length).toBeGreaterThan(0);
  });

  const vins = file.cases.filter((c) => c.kind === 'vin');
  const chassis = file.cases.filter((c) => c.kind === 'jdm');
  if (vins.length > 0) it.each(vins.map((c) => [c.values.input, c] as const))('VIN %s', (_vin, c) => expectFacts(c, decoded(c)));
  if (chassis.length > 0) {
    it.each(chassis.map((c) => [c.values.input, c] as const))('chassis %s', (_id, c) => {
      const r = decoded(c);
      expectFacts(c, r);
      expectJdmFacts(c, r);
    });
  }
});
