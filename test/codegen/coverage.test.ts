// `vino registry coverage`'s counts, on a registry small enough to count by hand.
import { describe, expect, it } from 'vitest';
import { readRegistry } from '../../codegen/read.js';
import { registryCoverage } from '../../codegen/coverage.js';
import { formatCoverage } from '../../codegen/coverage-text.js';
import { makeRoot, withRows } from '../fixtures/registry-root.js';

// SMALL_REGISTRY (1HG: codes A and C; WA1: code 2; JTD: code *; 1A9ABC: none) plus a Toyota WMI
// without plant codes, a second source for WA1's code 2, a code from a curated source, and an
// unverified JDM row.
const registry = withRows({
  wmi: ['JT2,Toyota Motor Corporation,Toyota,JP,Passenger Car,NHTSA vPIC', 'WF0,Ford-Werke GmbH,Ford,DE,Passenger Car,A WMI list'],
  plants: ['WA1,2,2010,2016,,MX,,,,A plant table', 'WF0,K,,,,DE,Köln,,,A plant table'],
  'jdm-chassis': ['AE86,,Toyota Motor Corporation,Toyota,Corolla Levin,1983,1987,,,,unverified (not checked against a source): a memory'],
});

async function coverageOf(filter: Parameters<typeof registryCoverage>[1] = {}) {
  const { root, remove } = makeRoot(registry);
  try {
    return registryCoverage((await readRegistry(root)).rows, filter);
  } finally {
    remove();
  }
}

describe('registryCoverage', () => {
  it('counts WMIs with plant codes, codes and their sources over the whole registry', async () => {
    const c = await coverageOf();
    expect(c.filter).toEqual({ region: null, maker: null });
    expect(c.total).toEqual({
      name: 'all', wmis: 6, wmisWithPlants: 4, plantCodes: 5,
      sources: [{ source: 'NHTSA vPIC', codes: 4 }, { source: 'A plant table', codes: 2 }],
      wmisWithoutPlants: ['1A9ABC', 'JT2'],
    });
    expect(c.jdm).toEqual({ modelCodes: 3, unverified: 1, withPlant: 1 });
  });

  it('groups by ISO 3780 region of the WMI, in name order', async () => {
    const c = await coverageOf();
    expect(c.regions.map((r) => [r.name, r.wmis, r.wmisWithPlants, r.plantCodes])).toEqual([
      ['Asia', 2, 1, 1], ['Europe', 2, 2, 2], ['North America', 2, 1, 2],
    ]);
  });

  it('groups by maker, most WMIs first, and names the WMIs without plant codes', async () => {
    const c = await coverageOf();
    expect(c.makers.map((m) => m.name)).toEqual(['Toyota', 'Audi', 'Ford', 'Honda', 'Tiny']);
    expect(c.makers[0]).toMatchObject({ wmis: 2, wmisWithPlants: 1, plantCodes: 1, wmisWithoutPlants: ['JT2'] });
  });

  it('narrows to one region or one maker, without regard to case', async () => {
    expect((await coverageOf({ region: 'europe' })).total).toMatchObject({ wmis: 2, plantCodes: 2 });
    const honda = await coverageOf({ maker: 'american honda' });
    expect(honda.makers.map((m) => m.name)).toEqual(['Honda']);
    expect((await coverageOf({ maker: 'TOYOTA' })).makers.map((m) => m.name)).toEqual(['Toyota']);
    expect(honda.filter).toEqual({ region: null, maker: 'american honda' });
  });
});

describe('formatCoverage', () => {
  it('says the totals, then a block per region and per maker', async () => {
    const text = formatCoverage(await coverageOf(), 3);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Plant codes: 4 of 6 WMIs have them (66.7%), 5 codes in all.');
    expect(lines[1]).toBe('JDM chassis registry: 3 model codes, 1 unverified, 1 with a plant.');
    expect(text).toContain('Asia: 2 WMIs, 1 with plant codes (50.0%), 1 codes\n       1  NHTSA vPIC\n  none: JT2\n');
    expect(text).toContain('By maker: the 3 of 5 with most WMIs');
    expect(text).toContain('Ford: 1 WMIs, 1 with plant codes (100.0%), 1 codes\n       1  A plant table\n');
    expect(text).not.toContain('Honda:');
  });

  it('shows the eight sources with most codes and counts the rest', () => {
    const sources = Array.from({ length: 11 }, (_, i) => ({ source: `page ${i + 1}`, codes: 11 - i }));
    const group = { name: 'Europe', wmis: 11, wmisWithPlants: 11, plantCodes: 66, sources, wmisWithoutPlants: [] };
    const text = formatCoverage({ filter: { region: null, maker: null }, total: { ...group, name: 'all' }, regions: [group], makers: [], jdm: { modelCodes: 0, unverified: 0, withPlant: 0 } }, 30);
    expect(text).toContain('       4  page 8\n          … and 3 more sources, with 6 codes between them\n');
    expect(text).not.toContain('page 9');
    expect(text).toContain('Lists of sources and WMIs are cut short; --json gives them whole.');
  });
});
