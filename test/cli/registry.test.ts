// `vino registry check` and `vino registry import-vpic` on temporary roots, as a data steward runs them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inImporterOrder, makeRoot, SMALL_REGISTRY } from '../fixtures/registry-root.js';
import { ELEMENT, writeVpicFixture } from '../fixtures/vpic-fixture.js';
import { outputLines, vino } from './run-vino.js';

describe('vino registry check', () => {
  it('prints file:line: column: message for a bad row and exits 1', () => {
    // In the importer's order, which the check also holds the files to: 1OX is the third WMI row.
    const { root, remove } = makeRoot(inImporterOrder({ wmi: ['1OX,Test Motors,Test,US,Passenger Car,Test source'] }));
    try {
      const run = vino(['registry', 'check', '--root', root]);
      expect(run.code).toBe(1);
      const lines = outputLines(run);
      expect(lines[0]).toBe('registry/wmi.csv:4: wmi: must be 3 characters of the VIN alphabet, or 6 when the third is 9 (low-volume makers: positions 1-3 + 12-14)');
      expect(lines.at(-1)).toMatch(/^1 problem\(s\) in /);
    } finally {
      remove();
    }
  });

  it('names a row out of the order registry import-vpic writes, and exits 1', () => {
    // SMALL_REGISTRY's wmi.csv lists 1HG before 1A9ABC, and WA1 before JTD.
    const { root, remove } = makeRoot(SMALL_REGISTRY);
    try {
      const run = vino(['registry', 'check', '--root', root]);
      expect(run.code).toBe(1);
      expect(outputLines(run)).toContain('registry/wmi.csv:3: wmi: out of the order registry import-vpic writes: sorts before line 2 (order: wmi)');
    } finally {
      remove();
    }
  });

  it('says the registry is ok, with its row counts, and exits 0', () => {
    const { root, remove } = makeRoot(inImporterOrder());
    try {
      const run = vino(['registry', 'check', '--root', root]);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('registry ok: 5 country-codes, 5 countries, 4 wmi, 1 wmi-corrections, 6 plants, 1 plant-city-corrections, 0 plant-country-corrections, 3 model-years, 2 jdm-chassis, 2 vin-schemas, 2 wmi-schemas, 5 vehicle-patterns, 2 vehicle-values, 1 vehicle-models, 2 engine-models\n');
    } finally {
      remove();
    }
  });
});

describe('vino registry coverage', () => {
  it('prints the totals, regions and makers as text by default', () => {
    const { root, remove } = makeRoot(SMALL_REGISTRY);
    try {
      const run = vino(['registry', 'coverage', '--root', root]);
      expect(run.code).toBe(0);
      const lines = outputLines(run);
      expect(lines[0]).toBe('Plant codes: 3 of 4 WMIs have them (75.0%), 4 codes in all.');
      expect(lines).toContain('North America: 2 WMIs, 1 with plant codes (50.0%), 2 codes');
      expect(lines).toContain('  none: 1A9ABC');
      expect(lines).toContain('By maker (4):');
    } finally {
      remove();
    }
  });

  it('--json gives the whole report, narrowed by --region', () => {
    const { root, remove } = makeRoot(SMALL_REGISTRY);
    try {
      const run = vino(['registry', 'coverage', '--root', root, '--json', '--region', 'Asia']);
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout);
      expect(report.filter).toEqual({ region: 'Asia', maker: null });
      expect(report.total).toEqual({ name: 'all', wmis: 1, wmisWithPlants: 1, plantCodes: 1, sources: [{ source: 'NHTSA vPIC', codes: 1 }], wmisWithoutPlants: [] });
      expect(report.makers.map((m: { name: string }) => m.name)).toEqual(['Toyota']);
      expect(report.jdm).toEqual({ modelCodes: 2, unverified: 0, withPlant: 1 });
    } finally {
      remove();
    }
  });

  it('a --limit that is not a count is a usage error', () => {
    const run = vino(['registry', 'coverage', '--limit', 'many']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('must be a whole number');
  });
});

describe('vino registry import-vpic', () => {
  it('imports a vPIC SQLite file into wmi.csv and plants.csv under --root and says what to do next', async () => {
    // A city correction of a row the import writes: the import leaves the corrections file as it is.
    const correction = 'MX,San Jose Chiapa,San José Chiapa,Puebla,vPIC writes it without the accent; a plant list';
    const { root, remove } = makeRoot({
      ...SMALL_REGISTRY, wmi: [SMALL_REGISTRY.wmi[0]!], plants: [SMALL_REGISTRY.plants[0]!],
      'plant-city-corrections': [SMALL_REGISTRY['plant-city-corrections'][0]!, correction],
    });
    try {
      const db = join(root, 'vpic.db');
      await writeVpicFixture(db, {
        Country: [[1, 'MEXICO']], Manufacturer: [[1, 'AUDI AG']], Make: [[1, 'AUDI']], VehicleType: [[7, 'Multipurpose Passenger Vehicle (MPV)']],
        Wmi: [[1, 'WA1', 1, 1, 1, 7]], Wmi_Make: [], Wmi_VinSchema: [[1, 5, 2017, null]],
        Pattern: [[5, '*****|*2', ELEMENT.plantCountry, '1'], [5, '*****|*2', ELEMENT.plantCity, 'SAN JOSE CHIAPA']],
      });
      const run = vino(['registry', 'import-vpic', db, '--root', root]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('imported 1 WMIs and 1 plant rows from vPIC');
      expect(run.stdout).toContain('npm run codegen');
      expect(readFileSync(join(root, 'registry/plants.csv'), 'utf8')).toContain('WA1,2,2017,,,MX,San Jose Chiapa,,,NHTSA vPIC\n');
      expect(readFileSync(join(root, 'registry/plant-city-corrections.csv'), 'utf8')).toContain(`${correction}\n`);
      expect(vino(['registry', 'check', '--root', root]).code).toBe(0);
    } finally {
      remove();
    }
  });

  it('a file that is not SQLite is a failure with a message', () => {
    const { root, remove } = makeRoot();
    try {
      const run = vino(['registry', 'import-vpic', join(root, 'registry/wmi.csv'), '--root', root]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^vino: /);
    } finally {
      remove();
    }
  });
});
