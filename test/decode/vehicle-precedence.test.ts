// vPIC's precedence for vehicle attributes, one rule at a time, on hand-built schemas: the schema
// link with the highest YearFrom, then the most recent edit, then fewer non-`*` characters, then
// key text, then id; formula keys and engine-model fill-ins only fill what no pattern decided;
// cc and cubic inches become litres; make from the model; the two model-year readings.
import { describe, expect, it } from 'vitest';
import { normaliseVehicle } from '../../codegen/normalise-vehicle.js';
import { parseCsv } from '../../codegen/read.js';
import type { RegistryRows } from '../../codegen/tables.js';
import { calculateCheckDigit } from '../../src/decode/check-digit.js';
import { createDecoder } from '../../src/decode/decode.js';
import type { RegistryData } from '../../src/decode/registry-data.js';
import { indexTables } from '../../src/decode/tables.js';
import { vehicleDataFrom } from '../../src/decode/vehicle-data.js';
import type { DecodedResult } from '../../src/decode/outcome.js';

const BASE: Omit<RegistryData, 'vehicle'> = {
  buildYear: 2026,
  countryCodes: [['US', 'United States']],
  iso3780: { sources: ['ISO 3780'], rows: [['1', 'A', '0', 'US', 'North America', 0]] },
  wmi: {
    sources: ['NHTSA vPIC'],
    rows: [
      ['1T1', 'Test Motors Inc.', 'Testa', 'US', 'Passenger Car', 0],
      ['1T2', 'Test Group', 'Testa; Testb', 'US', 'Passenger Car', 0],
      ['1TM', 'Test Cycles', 'Testcycle', 'US', 'Motorcycle', 0],
    ],
  },
  plants: { sources: [], rows: [] },
  modelYears: { sources: ['49 CFR 565.15'], rows: [['A', [1980, 2010], 0], ['G', [1986, 2016], 0], ['L', [1990, 2020], 0]] },
  jdm: { sources: [], rows: [] },
};

const HEADERS = {
  'vin-schemas': 'schema_id,name,source',
  'wmi-schemas': 'wmi,schema_id,year_from,year_to,source',
  'vehicle-patterns': 'schema_id,keys,element,value,pattern_id,updated_on,source',
  'vehicle-values': 'lookup,id,name,source',
  'vehicle-models': 'model_id,model,make,source',
  'engine-models': 'engine_model,element,value,pattern_id,updated_on,source',
} as const;

const VALUES = ['BodyStyle,1,Sedan/Saloon,NHTSA vPIC', 'BodyStyle,2,Coupe,NHTSA vPIC', 'FuelType,4,Gasoline,NHTSA vPIC'];
const MODELS = ['1,Alpha,Testa,NHTSA vPIC', '2,Beta,Testa,NHTSA vPIC', '3,Gamma,Testb,NHTSA vPIC'];

/** A decoder over BASE and vehicle tables given as CSV lines (without headers). */
function decoderWith(tables: { schemas: string[]; links: string[]; patterns: string[]; engines?: string[] }): (vin: string) => DecodedResult {
  const lines: Record<keyof typeof HEADERS, string[]> = {
    'vin-schemas': tables.schemas, 'wmi-schemas': tables.links, 'vehicle-patterns': tables.patterns,
    'vehicle-values': VALUES, 'vehicle-models': MODELS, 'engine-models': tables.engines ?? [],
  };
  const rows = Object.fromEntries(Object.entries(lines).map(([name, body]) =>
    [name, parseCsv(name, [HEADERS[name as keyof typeof HEADERS], ...body].join('\n') + '\n').rows])) as unknown as RegistryRows;
  const decode = createDecoder(indexTables({ ...BASE, vehicle: vehicleDataFrom(normaliseVehicle(rows)) }));
  return (vin) => {
    const outcome = decode(vin);
    if (!outcome.ok) throw new Error(`${vin}: ${outcome.error.code}`);
    return outcome.result;
  };
}

/** A VIN with its check digit made right, from 16 characters around the check-digit position. */
function vin(wmi: string, vds: string, vis: string): string {
  const draft = `${wmi}${vds}0${vis}`;
  return `${wmi}${vds}${calculateCheckDigit(draft)}${vis}`;
}

const P = (schema: number, keys: string, element: string, value: string, id: number, updated = '2015-01-01 00:00:00.000'): string =>
  `${schema},${keys},${element},${value},${id},${updated},NHTSA vPIC`;

describe('one winner per element, in vPIC order', () => {
  it('the schema link with the highest YearFrom wins over a newer, longer key of an older link', () => {
    const decode = decoderWith({
      schemas: ['1,Old schema,NHTSA vPIC', '2,New schema,NHTSA vPIC'],
      links: ['1T1,1,2010,2020,NHTSA vPIC', '1T1,2,2015,2020,NHTSA vPIC'],
      patterns: [P(1, 'AB', 'model', '1', 1, '2020-01-01 00:00:00.000'), P(2, 'A', 'model', '2', 2, '2015-01-01 00:00:00.000')],
    });
    expect(decode(vin('1T1', 'AB1Z3', 'G1234567')).vehicle.model).toBe('Beta'); // G: 2016, both links
    expect(decode(vin('1T1', 'AB1Z3', 'A1234567')).vehicle.model).toBe('Alpha'); // A: 2010, only the old link
  });

  it('then the most recently edited pattern, compared as times', () => {
    const decode = decoderWith({
      schemas: ['1,Schema,NHTSA vPIC'], links: ['1T1,1,2010,2020,NHTSA vPIC'],
      patterns: [P(1, 'AB', 'model', '1', 1, '2015-06-01 00:00:00.000'), P(1, 'A', 'model', '2', 2, '2019-01-01 00:00:00.000')],
    });
    expect(decode(vin('1T1', 'AB1Z3', 'G1234567')).vehicle.model).toBe('Beta');
  });

  it('then the shorter key: fewer non-* characters', () => {
    const decode = decoderWith({
      schemas: ['1,Schema,NHTSA vPIC'], links: ['1T1,1,2010,2020,NHTSA vPIC'],
      patterns: [P(1, 'AB', 'model', '1', 1), P(1, 'A', 'model', '2', 2)],
    });
    expect(decode(vin('1T1', 'AB1Z3', 'G1234567')).vehicle.model).toBe('Beta');
  });

  it('then the key text, then vPIC id', () => {
    const byText = decoderWith({
      schemas: ['1,Schema,NHTSA vPIC'], links: ['1T1,1,2010,2020,NHTSA vPIC'],
      patterns: [P(1, 'AB*', 'model', '1', 1), P(1, 'A*1', 'model', '2', 2)],
    });
    expect(byText(vin('1T1', 'AB1Z3', 'G1234567')).vehicle.model).toBe('Beta'); // 'A*1' < 'AB*'
    const byId = decoderWith({
      schemas: ['1,Schema,NHTSA vPIC'], links: ['1T1,1,2010,2020,NHTSA vPIC'],
      patterns: [P(1, 'A', 'model', '2', 7), P(1, 'A', 'model', '1', 3)],
    });
    expect(byId(vin('1T1', 'AB1Z3', 'G1234567')).vehicle.model).toBe('Alpha');
  });

  it('keys match a prefix of positions 4-8 | 10-17, with * and [..] classes', () => {
    const decode = decoderWith({
      schemas: ['1,Schema,NHTSA vPIC'], links: ['1T1,1,2010,2020,NHTSA vPIC'],
      patterns: [P(1, '*[B-D]**[0-4]|*[AX]', 'model', '1', 1), P(1, '*****|**9', 'body_class', '2', 2)],
    });
    expect(decode(vin('1T1', 'AC1Z3', 'GA934567')).vehicle).toMatchObject({ model: 'Alpha', bodyClass: 'Coupe' });
    expect(decode(vin('1T1', 'AC1Z5', 'GA934567')).vehicle).toMatchObject({ model: null, bodyClass: 'Coupe' });
    expect(decode(vin('1T1', 'AC1Z3', 'GB834567')).vehicle).toMatchObject({ model: null, bodyClass: null });
  });
});

describe('fill-ins and conversions', () => {
  it('a formula key reads its digits from the VIN, only where no ordinary pattern decided', () => {
    const decode = decoderWith({
      schemas: ['1,Schema,NHTSA vPIC'], links: ['1T1,1,2010,2020,NHTSA vPIC'],
      patterns: [P(1, '**#', 'cylinders', 'TBD', 1, '2024-01-01 00:00:00.000'), P(1, 'X', 'cylinders', '8', 2)],
    });
    expect(decode(vin('1T1', 'AB6Z3', 'G1234567')).vehicle.engine.cylinders).toBe(6);
    expect(decode(vin('1T1', 'XB6Z3', 'G1234567')).vehicle.engine.cylinders).toBe(8);
  });

  it('an engine model fills what no pattern decided, and never overrides a pattern', () => {
    const decode = decoderWith({
      schemas: ['1,Schema,NHTSA vPIC'], links: ['1T1,1,2010,2020,NHTSA vPIC'],
      patterns: [P(1, 'A', 'engine_model', 'K24', 1), P(1, 'AZ', 'cylinders', '3', 2)],
      engines: ['K24,cylinders,4,1,2016-01-01 00:00:00.000,NHTSA vPIC', 'K24,fuel_type,4,2,2016-01-01 00:00:00.000,NHTSA vPIC'],
    });
    const filled = decode(vin('1T1', 'AB1Z3', 'G1234567'));
    expect(filled.vehicle.engine).toMatchObject({ model: 'K24', cylinders: 4 });
    expect(filled.vehicle.fuelType).toBe('Gasoline');
    expect(filled.validation.evidence).toContainEqual({ layer: 'vehicle', table: 'engine-models', key: 'fuel: engine model K24', source: 'NHTSA vPIC' });
    expect(decode(vin('1T1', 'AZ1Z3', 'G1234567')).vehicle.engine.cylinders).toBe(3);
  });

  it('litres from the litre pattern, else from cc / 1000, else from cubic inches x 0.016387064', () => {
    const decode = decoderWith({
      schemas: ['1,Schema,NHTSA vPIC'], links: ['1T1,1,2010,2020,NHTSA vPIC'],
      patterns: [
        P(1, 'A', 'displacement_cc', '1998', 1), P(1, 'B', 'displacement_ci', '350', 2),
        P(1, 'C', 'displacement_cc', '2000', 3), P(1, 'C', 'displacement_l', '2.0', 4),
      ],
    });
    expect(decode(vin('1T1', 'AB1Z3', 'G1234567')).vehicle.engine.displacementL).toBe(1.998);
    expect(decode(vin('1T1', 'BB1Z3', 'G1234567')).vehicle.engine.displacementL).toBeCloseTo(5.735, 3);
    expect(decode(vin('1T1', 'CB1Z3', 'G1234567')).vehicle.engine.displacementL).toBe(2);
  });
});

describe('make, model year and what is left undecided', () => {
  const schemas = ['1,Schema,NHTSA vPIC'];
  const patterns = [P(1, 'A', 'model', '3', 1), P(1, 'B', 'body_class', '1', 2)];

  it('make comes from the model; without one, from the WMI only when it has exactly one make', () => {
    const one = decoderWith({ schemas, links: ['1T1,1,2010,2020,NHTSA vPIC'], patterns });
    expect(one(vin('1T1', 'AB1Z3', 'G1234567')).vehicle).toMatchObject({ model: 'Gamma', make: 'Testb' });
    expect(one(vin('1T1', 'BB1Z3', 'G1234567')).vehicle).toMatchObject({ model: null, make: 'Testa', bodyClass: 'Sedan/Saloon' });
    const two = decoderWith({ schemas, links: ['1T2,1,2010,2020,NHTSA vPIC'], patterns });
    expect(two(vin('1T2', 'BB1Z3', 'G1234567')).vehicle).toMatchObject({ model: null, make: null });
  });

  it('outside the position-7 rule, the model-year reading whose patterns decide the model is kept', () => {
    const decode = decoderWith({ schemas, links: ['1TM,1,1985,1990,NHTSA vPIC'], patterns });
    const old = decode(vin('1TM', 'AB1Z3', 'G1234567')); // G: 1986 or 2016
    expect(old.vehicle).toMatchObject({ modelYear: 1986, modelYearCandidates: [1986, 2016], model: 'Gamma' });
    expect(old.validation.warnings.map((w) => w.code)).toContain('MODEL_YEAR_AMBIGUOUS');
    expect(decode(vin('1TM', 'ZZ123', 'G1234567')).vehicle).toMatchObject({ modelYear: 2016, model: null });
  });

  it('a reading that decides no model (a catch-all body key, say) does not settle the year', () => {
    // 1986's schema decides the body of any VIN with B at position 4, and no model for it.
    const decode = decoderWith({ schemas, links: ['1TM,1,1985,1990,NHTSA vPIC'], patterns });
    const r = decode(vin('1TM', 'BB1Z3', 'G1234567'));
    expect(r.vehicle).toMatchObject({ modelYear: 2016, modelYearCandidates: [1986, 2016], model: null, bodyClass: null });
    expect(r.validation.warnings.map((w) => w.code)).toContain('MODEL_YEAR_AMBIGUOUS');
  });

  it('where position 10 is no year code, every schema of the WMI is a candidate', () => {
    const decode = decoderWith({ schemas, links: ['1T1,1,1990,1995,NHTSA vPIC'], patterns });
    expect(decode(vin('1T1', 'AB1Z3', '01234567')).vehicle).toMatchObject({ modelYear: null, model: 'Gamma' });
  });

  it('a partial VIN leaves an attribute null when an unknown position could change it', () => {
    const decode = decoderWith({ schemas, links: ['1T1,1,2010,2020,NHTSA vPIC'], patterns: [...patterns, P(1, '**9', 'doors', '4', 3)] });
    const full = vin('1T1', 'AB9Z3', 'G1234567');
    const partial = decode(`${full.slice(0, 3)}*${full.slice(4)}`);
    expect(partial.vehicle).toMatchObject({ model: null, bodyClass: null, doors: 4 });
  });

  it('names the schema and the key that decided each attribute group', () => {
    const decode = decoderWith({ schemas, links: ['1T1,1,2010,2020,NHTSA vPIC'], patterns });
    const evidence = decode(vin('1T1', 'AB1Z3', 'G1234567')).validation.evidence.filter((e) => e.layer === 'vehicle');
    expect(evidence).toEqual([{ layer: 'vehicle', table: 'vehicle-patterns', key: 'model: schema 1 (Schema) key A', source: 'NHTSA vPIC' }]);
  });
});
