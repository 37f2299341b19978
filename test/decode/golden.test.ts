// Golden tests: real identifiers and facts about them from public sources, each row naming where the
// identifier and the facts come from. The registry's plant facts are NHTSA vPIC's (or a curated
// row's, where marked); where a Wikipedia page about the plant or the model states the same place,
// it is named as well.
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/decode/index.js';
import type { DecodedResult } from '../../src/decode/outcome.js';
import { resultSchemaErrors } from '../fixtures/contract.js';

type Verdict = DecodedResult['summary']['originAlignment'];

interface VinFacts {
  source: string;
  corporate: string;
  /** A word of the registered manufacturer's name. */
  maker: string;
  /** Plant country and city (a fragment of it; null where the source names only the country), or null where no public registry names the plant. */
  plant: [country: string, city: string | null] | null;
  /** Where the plant row comes from: vPIC's, unless a curated row (registry/plants.csv) names it. */
  plantSource?: 'Government Registry' | 'Curated Registry';
  /** Omitted where position 10 holds no model year (European VINs often carry 0 or Z there); null where vino must say so. */
  year?: number | null;
  checkDigit: 'MATCH' | 'MISMATCH';
  verdict: Verdict;
}

const CORGI = 'VIN: cardog-ai/corgi test/fixtures.ts';
const EU_CORPUS = 'VIN: ZmoleCristian/vin-decode tests/data/eu_corpus.csv';

const vins: [string, VinFacts][] = [
  // United States
  ['1HGCM82633A004352', { source: 'DESIGN.md\'s example, a 2003 Accord; plant A: Wikipedia "Marysville Auto Plant"', corporate: 'US', maker: 'Honda', plant: ['US', 'Marysville'], year: 2003, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['5YJ3E7EB5LF757595', { source: 'example VIN of the test brief; plant F: Wikipedia "Tesla Fremont Factory"', corporate: 'US', maker: 'Tesla', plant: ['US', 'Fremont'], year: 2020, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['1G1YC2D47T5102754', { source: `${CORGI} (2026 Corvette); Wikipedia "Bowling Green Assembly Plant"`, corporate: 'US', maker: 'General Motors', plant: ['US', 'Bowling Green'], year: 2026, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['1FAGP8FF8S5112755', { source: `${CORGI} (2025 Mustang); Wikipedia "Flat Rock Assembly Plant"`, corporate: 'US', maker: 'Ford', plant: ['US', 'Flat Rock'], year: 2025, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['4JGFD6BB8TB572566', { source: `${CORGI} (2026 GLE); Wikipedia "Mercedes-Benz U.S. International" (Vance, Alabama)`, corporate: 'US', maker: 'Mercedes-Benz', plant: ['US', 'Vance'], year: 2026, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['5XYP5DGC3SG621138', { source: `${CORGI} (2025 Telluride); Wikipedia "Kia Georgia" (West Point)`, corporate: 'US', maker: 'Kia', plant: ['US', 'West Point'], year: 2025, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['4S4GUHU63S3737318', { source: `${CORGI} (2025 Crosstrek); Wikipedia "Subaru of Indiana Automotive" (Lafayette)`, corporate: 'US', maker: 'Subaru', plant: ['US', 'Lafayette'], year: 2025, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['4USBU53567LW92799', { source: `${CORGI} (2007 Z4); Wikipedia "BMW Z4 (E85)" (Spartanburg plant, Greer)`, corporate: 'US', maker: 'BMW', plant: ['US', 'Greer'], year: 2007, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['1C6SRFETXKN545625', { source: `${CORGI} (2019 RAM 1500); Wikipedia "Sterling Heights Assembly"`, corporate: 'US', maker: 'FCA', plant: ['US', 'Sterling Heights'], year: 2019, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['5J8YE1H01SL802400', { source: `${CORGI} (2025 MDX); Wikipedia "East Liberty Auto Plant"`, corporate: 'US', maker: 'Honda', plant: ['US', 'East Liberty'], year: 2025, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['1FTBR1Y83SKA13525', { source: `${CORGI} (2025 Transit); Wikipedia "Kansas City Assembly" (Claycomo)`, corporate: 'US', maker: 'Ford', plant: ['US', 'Claycomo'], year: 2025, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  // Canada
  ['2HGFE4F86SH011469', { source: `${CORGI} (2025 Civic); Wikipedia "Honda of Canada Manufacturing" (Alliston)`, corporate: 'CA', maker: 'Honda', plant: ['CA', 'Alliston'], year: 2025, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['2T3B1RFV0SC582226', { source: `${CORGI} (2025 RAV4); Wikipedia "Toyota Motor Manufacturing Canada" (Cambridge)`, corporate: 'CA', maker: 'Toyota', plant: ['CA', 'Cambridge'], year: 2025, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  // Mexico
  ['3FMCR9DA1SRE41113', { source: `${CORGI} (2025 Bronco Sport); Wikipedia "Hermosillo Stamping and Assembly"`, corporate: 'MX', maker: 'Ford', plant: ['MX', 'Hermosillo'], year: 2025, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['3C6UR5DL8NG108210', { source: `${CORGI} (2022 RAM 2500); Wikipedia "Saltillo Truck Assembly"`, corporate: 'MX', maker: 'Chrysler', plant: ['MX', 'Saltillo'], year: 2022, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['3VV4B7AX5MM144910', { source: `${CORGI} (2021 Tiguan); Wikipedia "Volkswagen de México" (Puebla)`, corporate: 'MX', maker: 'Volkswagen', plant: ['MX', 'Puebla'], year: 2021, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  // Japan
  ['JM1NDAM79S0658829', { source: `${CORGI} (2025 MX-5); Wikipedia "Mazda MX-5 (ND)" (Hiroshima)`, corporate: 'JP', maker: 'Mazda', plant: ['JP', 'Hiroshima'], year: 2025, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['JTEBU11F470006153', { source: `${CORGI} (2007 FJ Cruiser); Wikipedia "Toyota FJ Cruiser" (Hino, Hamura)`, corporate: 'JP', maker: 'Toyota', plant: ['JP', 'Hamura'], year: 2007, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  // A digit at position 7 with a valid check digit: the rule's 1984 is before any JTJ vehicle the registry knows (2000 on), so both cycles stay candidates and the latest possible stands
  ['JTJBC11AXE2464354', { source: 'VIN of an RX450h (engine 2GRJ997477) in a Chinese Lexus dealer\'s after-sales list (eval/world-japan25.csv); plant: NHTSA vPIC (JTJ code 2, Miyawaka)', corporate: 'JP', maker: 'Toyota', plant: ['JP', 'Miyawaka'], year: 2014, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['JTHFN45Y389019133', { source: `${CORGI} (2008 SC 430); plant: NHTSA vPIC (Susono, Shizuoka)`, corporate: 'JP', maker: 'Toyota', plant: ['JP', 'Susono'], year: 2008, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  // Korea
  ['KM8R5DGE3PU560806', { source: `${CORGI} (2023 Palisade); Wikipedia "Hyundai Palisade" (Ulsan)`, corporate: 'KR', maker: 'Hyundai', plant: ['KR', 'Ulsan'], year: 2023, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['KL77LJE29TC062289', { source: `${CORGI} (2026 Trax); Wikipedia "Chevrolet Trax" (GM Korea, Changwon)`, corporate: 'KR', maker: 'General Motors', plant: ['KR', 'Changwon'], year: 2026, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  // Germany
  ['WBAVL1C5XFVY41004', { source: `${CORGI} (2015 X1); Wikipedia "BMW X1 (E84)" (Leipzig)`, corporate: 'DE', maker: 'BMW', plant: ['DE', 'Leipzig'], year: 2015, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['WBX73EF02T5577908', { source: `${CORGI} (2026 X1); Wikipedia "BMW X1 (U11)" (Regensburg)`, corporate: 'DE', maker: 'BMW', plant: ['DE', 'Regensburg'], year: 2026, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['WBA3R5C57EK186393', { source: `${CORGI} (2014 4-Series); Wikipedia "BMW 4 Series (F32)" (Munich)`, corporate: 'DE', maker: 'BMW', plant: ['DE', 'Munich'], year: 2014, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['WVWJF7CD8TW190545', { source: `${CORGI} (2026 Golf R); Wikipedia "Volkswagen Golf Mk8" (Wolfsburg)`, corporate: 'DE', maker: 'Volkswagen', plant: ['DE', 'Wolfsburg'], year: 2026, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['WP0AB2Y18LSA50759', { source: `${CORGI} (2020 Taycan); Wikipedia "Porsche Taycan" (Zuffenhausen, Stuttgart); vPIC's Stuttgart for WP0 code S in 2020, pinned to the Stuttgart-Zuffenhausen vPIC gives for 1995-2019`, corporate: 'DE', maker: 'Porsche', plant: ['DE', 'Stuttgart-Zuffenhausen'], plantSource: 'Curated Registry', year: 2020, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  // German WMIs built abroad
  ['WA1EAAFYXN2065837', { source: `${CORGI} (2022 Q5); Wikipedia "Audi México" (San José Chiapa)`, corporate: 'DE', maker: 'Audi', plant: ['MX', 'San José Chiapa'], year: 2022, checkDigit: 'MATCH', verdict: 'TRANSNATIONAL_ASSEMBLY' }],
  ['WBAFB335X1LH13517', { source: 'VIN: a public C# class exercise ("Прототип БМВ X5", 2000); Wikipedia "BMW X5 (E53)" (Spartanburg plant, Greer)', corporate: 'DE', maker: 'BMW', plant: ['US', 'Greer'], year: 2001, checkDigit: 'MATCH', verdict: 'TRANSNATIONAL_ASSEMBLY' }],
  ['WMWRC31020TH72870', { source: `${EU_CORPUS} (2005 Mini Cooper); Wikipedia "Plant Oxford"`, corporate: 'DE', maker: 'BMW', plant: ['GB', 'Oxford'], checkDigit: 'MATCH', verdict: 'TRANSNATIONAL_ASSEMBLY' }],
  // United Kingdom
  ['SALYB2RV4JA756586', { source: `${CORGI} (2018 Range Rover Velar); Wikipedia "Range Rover Velar" (Solihull)`, corporate: 'GB', maker: 'Jaguar Land Rover', plant: ['GB', 'Solihull'], year: 2018, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['SB1BT76L00E012960', { source: `${EU_CORPUS} (Toyota Avensis); Wikipedia "Toyota Manufacturing UK" (Burnaston)`, corporate: 'GB', maker: 'Toyota', plant: ['GB', 'Burnaston'], checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  // Sweden
  ['YV4A22PK1G1034449', { source: 'VIN: a public dealer inventory demo (2016 Volvo XC90, stock 034449); Wikipedia "Volvo XC90" (Torslanda)', corporate: 'SE', maker: 'Volvo', plant: ['SE', 'Torslanda'], year: 2016, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['YV1FS5251B2010993', { source: `${EU_CORPUS} (2011 S60); Wikipedia "Volvo S60" (Ghent)`, corporate: 'SE', maker: 'Volvo', plant: ['BE', 'Ghent'], year: 2011, checkDigit: 'MISMATCH', verdict: 'TRANSNATIONAL_ASSEMBLY' }],
  // France: a Renault of 1995-2011, whose plant letter is at position 9, which no row reads (registry/README.md);
  // positions 10-17 are Renault's fabrication number, so no model year (maker-layouts.ts): its 2 only happened to match
  ['VF1BB05CF26010203', { source: 'VIN: autodiag2/database scripts/VIN/vindecoder/tests/test_decoder.py (2002 Renault Clio II; that decoder reads its plant, Flins, from position 9)', corporate: 'FR', maker: 'Renault', plant: null, year: null, checkDigit: 'MISMATCH', verdict: 'UNVERIFIED' }],
  // Brazil (ISO 3780: 9A-9E and 93-99); vPIC names no plant here
  ['93HGK5880MZ205724', { source: 'VIN: a public Porto Seguro IFX XML test fixture (2021 Honda Fit); WMI 93H: Wikibooks WMI table; plant: Honda moved its car production from Sumaré to Itirapina, both in São Paulo state, in 2019-2021 (valor.com.br, 2018-04), so only the country is known', corporate: 'BR', maker: 'Honda', plant: ['BR', null], plantSource: 'Curated Registry', year: 2021, checkDigit: 'MATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['9BWZZZ377VT004251', { source: 'VIN: the Volkswagen do Brasil example chassis number used across Brazilian fleet software; plant T: the curated 9BW T row (the Gol, Voyage and up!, built at Taubaté, carry T in Brazilian recall chassis lists)', corporate: 'BR', maker: 'Volkswagen', plant: ['BR', 'Taubaté'], plantSource: 'Curated Registry', checkDigit: 'MISMATCH', verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
];

const VERDICT_LABEL: Record<Verdict, string> = {
  VERIFIED_ORIGIN_ALIGNMENT: 'Verified Origin Alignment',
  TRANSNATIONAL_ASSEMBLY: 'Transnational Assembly',
  UNVERIFIED: 'Unverified',
};

function decoded(identifier: string): DecodedResult {
  const outcome = decode(identifier);
  if (!outcome.ok) throw new Error(`${identifier}: ${outcome.error.code} ${outcome.error.detail}`);
  expect(resultSchemaErrors(outcome.result)).toBe('');
  return outcome.result;
}

describe('golden VINs', () => {
  it.each(vins)('%s', (vin, want) => {
    const r = decoded(vin);
    expect(r.identifier).toBe(vin);
    expect(r.corporateOrigin.countryCode).toBe(want.corporate);
    expect(r.corporateOrigin.manufacturer).toContain(want.maker);
    if (want.plant) {
      expect(r.assembly.countryCode).toBe(want.plant[0]);
      if (want.plant[1] === null) expect(r.assembly.city).toBeNull();
      else expect(r.assembly.city).toContain(want.plant[1]);
      expect(r.assembly.plantCode).toBe(vin[10]);
      expect(r.assembly.source).toBe(want.plantSource ?? 'Government Registry');
    } else {
      expect(r.assembly.countryCode).toBeNull();
      expect(r.validation.warnings.map((w) => w.code)).toContain('PLANT_UNKNOWN');
    }
    if (want.year === null) {
      expect(r.vehicle.modelYear).toBeNull();
      expect(r.vehicle.modelYearCandidates).toEqual([]);
    } else if (want.year !== undefined) {
      expect(r.vehicle.modelYear).toBe(want.year);
      expect(r.vehicle.modelYearCandidates).toContain(want.year);
    }
    expect(r.validation.checkDigit.status).toBe(want.checkDigit);
    expect(r.validation.checkDigit.actual).toBe(vin[8]);
    expect(r.summary.originAlignment).toBe(want.verdict);
    expect(r.summary.verdict).toBe(VERDICT_LABEL[want.verdict]);
    expect(r.positions).toEqual({ wmi: vin.slice(0, 3), vds: vin.slice(3, 8), checkDigit: vin[8], modelYear: vin[9], plantCode: vin[10], serial: vin.slice(11), modelCode: null });
  });

  it('covers makers of at least nine countries, three verdicts and both check digit outcomes', () => {
    expect(new Set(vins.map(([, w]) => w.corporate)).size).toBeGreaterThanOrEqual(9);
    expect(new Set(vins.map(([, w]) => w.verdict)).size).toBe(3);
    expect(new Set(vins.map(([, w]) => w.checkDigit)).size).toBe(2);
  });
});

describe('golden VINs: what the layers add up to', () => {
  it('the Accord is the design card\'s example, field by field', () => {
    const r = decoded('1HGCM82633A004352');
    expect(r.summary).toEqual({ format: 'ISO_17_STANDARD', confidence: 'HIGH_DETERMINISTIC', originAlignment: 'VERIFIED_ORIGIN_ALIGNMENT', verdict: 'Verified Origin Alignment' });
    expect(r.corporateOrigin).toEqual({
      wmi: '1HG', country: 'United States', countryCode: 'US', region: 'North America',
      manufacturer: 'American Honda Motor Co., Inc.', productionVolume: 'High-Volume Production',
    });
    expect(r.assembly).toMatchObject({ plantCode: 'A', country: 'United States', countryCode: 'US', city: 'Marysville', state: 'Ohio', cityState: 'Marysville, Ohio', source: 'Government Registry' });
    expect(r.vehicle).toMatchObject({ make: 'Honda', modelYear: 2003, modelYearCandidates: [2003], vehicleType: 'Passenger Car' });
    expect(r.validation.checkDigit).toEqual({ status: 'MATCH', calculated: '3', actual: '3', required: true });
    expect(r.validation.confidenceLevel).toBe('HIGH');
    expect(r.validation.warnings).toEqual([]);
    expect(r.validation.evidence).toContainEqual({ layer: 'corporateOrigin', table: 'wmi', key: '1HG', source: 'NHTSA vPIC' });
    expect(r.validation.evidence.map((e) => e.layer)).toEqual(expect.arrayContaining(['corporateOrigin', 'assembly', 'modelYear']));
  });

  it('a vPIC plant row whose city vPIC misspells shows the corrected city, still as the government registry\'s row', () => {
    // vPIC names Volvo's Ghent plant "Gent Plant" for YV1 code 2 in 2006-2014; registry/plant-city-corrections.csv gives Ghent (city32: English name).
    const r = decoded('YV1FS5251B2010993');
    expect(r.assembly).toMatchObject({ plantCode: '2', countryCode: 'BE', city: 'Ghent (Gent)', source: 'Government Registry' });
    const plant = r.validation.evidence.find((e) => e.layer === 'assembly')!;
    expect(plant.source).toMatch(/^NHTSA vPIC; city: vPIC names Volvo's plant .*Gent, East Flanders/);
  });

  it('a vPIC plant row whose country vPIC gets wrong shows the corrected country and verdict, still as the government registry\'s row', () => {
    // vPIC places TMMC's Cambridge, Ontario plant in Japan for 2T2 code C (pattern ****A) in 2010-2014, which made a
    // Canadian-built Lexus RX 350 a Canadian WMI assembled abroad; registry/plant-country-corrections.csv gives Canada.
    const lexus = decoded('2T2BK1BA2AC012345');
    expect(lexus.corporateOrigin.countryCode).toBe('CA');
    expect(lexus.assembly).toMatchObject({ plantCode: 'C', country: 'Canada', countryCode: 'CA', city: 'Cambridge', state: 'Ontario', source: 'Government Registry' });
    expect(lexus.summary).toMatchObject({ originAlignment: 'VERIFIED_ORIGIN_ALIGNMENT', verdict: 'Verified Origin Alignment' });
    expect(lexus.validation.evidence.find((e) => e.layer === 'assembly')!.source).toMatch(/^NHTSA vPIC; country: vPIC places Cambridge, Ontario in Japan/);
  });

  it('a check digit mismatch in Europe is a warning, not a refusal', () => {
    const r = decoded('YV1FS5251B2010993');
    expect(r.validation.checkDigit).toEqual({ status: 'MISMATCH', calculated: '2', actual: '1', required: false });
    expect(r.validation.warnings.map((w) => w.code)).toContain('CHECK_DIGIT_MISMATCH');
    // Without a valid check digit, position 7 cannot choose the 30-year cycle.
    expect(r.vehicle.modelYearCandidates).toEqual([1981, 2011]);
  });

  it('a WMI allocated to one country and registered to a maker of another says so', () => {
    // 5UM: ISO 3780 puts 5 in the United States; vPIC registers the WMI to BMW AG of Germany.
    const r = decoded('5UMDU93436L421092');
    expect(r.corporateOrigin.countryCode).toBe('US');
    expect(r.corporateOrigin.manufacturer).toBe('BMW AG');
    const warning = r.validation.warnings.find((w) => w.code === 'MANUFACTURER_COUNTRY_DIFFERS');
    expect(warning?.message).toContain('United States');
    expect(warning?.message).toContain('Germany');
  });

  it('a Ford in Ford of Europe\'s layout states no model year: its position 10 is the body type', () => {
    // A 2022 Transit of a Romanian fleet file (eval/world-europe.csv's source): X at position 10
    // repeats the body type of position 4; read as a year code it said 1999 (or 2029).
    const r = decoded('WF0XXXTTGXGD24338');
    expect(r.vehicle.modelYear).toBeNull();
    expect(r.vehicle.modelYearCandidates).toEqual([]);
    const year = r.validation.warnings.filter((w) => w.code.startsWith('MODEL_YEAR'));
    expect(year).toHaveLength(1);
    expect(year[0]!.message).toContain("Ford of Europe's layout");
    expect(r.assembly.countryCode).toBe('TR');
    // Position 11 is the build year in this layout: the plant comes from positions 7-8, and the answer names no plant code.
    expect(r.assembly.plantCode).toBeNull();
    expect(r.positions.plantCode).toBe('G');
    // The same WMI in the Part 565 layout, check digit right, keeps its year.
    const us = decoded('WF0DP3TH7D1234567');
    expect(us.validation.checkDigit.status).toBe('MATCH');
    expect(us.vehicle.modelYear).toBe(2013);
  });

  it('a Renault in its own layout states no model year and no plant code: a 2019 Clio V is not Haren, 1988', () => {
    // eval/world-europe20.csv: a 2019 Clio TCe 90 of a public SQL seed. Its 4 and 6 at positions 10-11 begin
    // Renault's fabrication number; read the Part 565 way they gave 2006 and vPIC's 1988 row for code 5.
    const clio = decoded('VF1RJA00465100606');
    expect(clio.vehicle.modelYear).toBeNull();
    expect(clio.assembly.countryCode).toBeNull();
    const codes = clio.validation.warnings.map((w) => w.code);
    expect(codes).toContain('PLANT_UNKNOWN');
    expect(clio.validation.warnings.find((w) => w.code === 'PLANT_UNKNOWN')!.message).toContain('RJA00 at positions 4-8');
    expect(clio.validation.warnings.find((w) => w.code === 'MODEL_YEAR_UNKNOWN')!.message).toContain("Renault's own layout");
    // The model code still places a Kangoo II van (eval/world-europe18.csv) at Maubeuge, from a row that
    // holds for every year: no "other years" caveat, HIGH confidence.
    const kangoo = decoded('VF1FW000466092470');
    expect(kangoo.assembly).toMatchObject({ countryCode: 'FR', city: 'Maubeuge', source: 'Curated Registry', plantCode: null });
    expect(kangoo.vehicle.modelYear).toBeNull();
    expect(kangoo.validation.warnings.map((w) => w.code)).not.toContain('PLANT_FROM_OTHER_YEARS');
    expect(kangoo.summary.confidence).toBe('HIGH_DETERMINISTIC');
  });

  it('a Renault with a letter at position 10 reads it as a year, without the position-7 rule no Renault follows', () => {
    // A Koleos II with a valid check digit (eval/world-renault13.csv): P is 2023, not 1993.
    const koleos = decoded('VF1RZG002PC377457');
    expect(koleos.validation.checkDigit.status).toBe('MATCH');
    expect(koleos.vehicle.modelYear).toBe(2023);
    expect(koleos.vehicle.modelYearCandidates).toEqual([1993, 2023]);
    expect(koleos.assembly).toMatchObject({ countryCode: 'KR', city: 'Busan' });
  });

  it('a Renault Korea VIN (KNM) is built at Busan whatever code vPIC copied from Nissan\'s plant table', () => {
    // A constructed VIN (no real one with these codes was read): vPIC gives KNM code L Aguascalientes,
    // A Sunderland, C Smyrna, from Nissan's table; Renault Samsung's sole plant is Busan (registry/plants.csv).
    for (const code of ['L', 'A', 'C']) {
      const r = decoded(`KNMAT2MV0J${code}123456`);
      expect(r.assembly).toMatchObject({ countryCode: 'KR', city: 'Busan', source: 'Curated Registry' });
    }
  });

  it('a Mini with no model year in position 10 still finds Oxford, from the years that all name it', () => {
    const r = decoded('WMWRC31020TH72870');
    expect(r.vehicle.modelYear).toBeNull();
    expect(r.validation.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['MODEL_YEAR_UNKNOWN', 'PLANT_FROM_OTHER_YEARS']));
    expect(r.summary.confidence).toBe('MEDIUM_PARTIAL');
  });
});

interface JdmFacts {
  source: string;
  maker: string;
  make: string;
  model: string;
  years: string;
  plant: [plant: string, city: string, prefecture: string] | null;
  verdict: Verdict;
}

const SHEKEL = 'identifier: Shekel-Africa/vin-package tests/JapaneseChassisDecoderTest.php';
const DEV = 'identifier: /work/shared/eval/dev-cases.csv';

const chassis: [string, JdmFacts][] = [
  ['JZA80-1004956', { source: `${SHEKEL}; Wikipedia "Toyota Supra" (A80, 1993-2002, Motomachi plant)`, maker: 'Toyota Motor Corporation', make: 'Toyota', model: 'Supra', years: '1993-2002', plant: ['Motomachi plant', 'Toyota', 'Aichi'], verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['JZA70-6037073', { source: `${DEV}; Wikipedia "Toyota Supra" (A70, 1986-1993, Tahara plant)`, maker: 'Toyota Motor Corporation', make: 'Toyota', model: 'Supra', years: '1986-1993', plant: ['Tahara plant', 'Tahara', 'Aichi'], verdict: 'VERIFIED_ORIGIN_ALIGNMENT' }],
  ['BNR32-305366', { source: `${SHEKEL}; Wikipedia "Nissan Skyline GT-R" (R32, 1989-1994)`, maker: 'Nissan', make: 'Nissan', model: 'Skyline GT-R', years: '1989-1994', plant: null, verdict: 'UNVERIFIED' }],
  ['DC2-1234567', { source: `${SHEKEL}; Wikipedia "Honda Integra" (DC2, 1993-2001)`, maker: 'Honda', make: 'Honda', model: 'Integra', years: '1993-2001', plant: null, verdict: 'UNVERIFIED' }],
  ['GDB-123456', { source: `${SHEKEL}; Wikipedia "Subaru Impreza WRX STI" (GD, 2000-2007)`, maker: 'Subaru', make: 'Subaru', model: 'WRX STI', years: '2000-2007', plant: null, verdict: 'UNVERIFIED' }],
  ['FD3S-123456', { source: `${SHEKEL}; Wikipedia "Mazda RX-7" (FD, 1991-2002)`, maker: 'Mazda', make: 'Mazda', model: 'RX-7', years: '1991-2002', plant: null, verdict: 'UNVERIFIED' }],
  ['CT9A-1234567', { source: `${SHEKEL}; Wikipedia "Mitsubishi Lancer Evolution" (VII-IX, 2001-2007)`, maker: 'Mitsubishi', make: 'Mitsubishi', model: 'Lancer Evolution', years: '2001-2007', plant: null, verdict: 'UNVERIFIED' }],
  ['EK9-182657', { source: `${DEV}; Wikipedia "Honda Civic Type R" (EK9, 1997-2000)`, maker: 'Honda', make: 'Honda', model: 'Civic Type R', years: '1997-2000', plant: null, verdict: 'UNVERIFIED' }],
  ['S15-725841', { source: `${DEV}; Wikipedia "Nissan Silvia" (S15, 1999-2002)`, maker: 'Nissan', make: 'Nissan', model: 'Silvia', years: '1999-2002', plant: null, verdict: 'UNVERIFIED' }],
];

describe('golden JDM chassis numbers', () => {
  it.each(chassis)('%s', (id, want) => {
    const r = decoded(id);
    const [modelCode, serial] = id.split('-');
    expect(r.summary.format).toBe('JDM_CHASSIS');
    expect(r.corporateOrigin).toMatchObject({ wmi: null, country: 'Japan', countryCode: 'JP', region: 'Asia' });
    expect(r.corporateOrigin.manufacturer).toContain(want.maker);
    expect(r.vehicle.make).toBe(want.make);
    expect(r.vehicle.model).toContain(want.model);
    expect(r.vehicle.productionYears).toBe(want.years);
    expect(r.vehicle.modelYear).toBeNull();
    expect(r.validation.checkDigit).toEqual({ status: 'NOT_APPLICABLE', calculated: null, actual: null, required: false });
    expect(r.positions).toMatchObject({ wmi: null, modelCode, serial });
    expect(r.summary.originAlignment).toBe(want.verdict);
    if (want.plant) {
      const [details, city, state] = want.plant;
      expect(r.assembly).toMatchObject({ countryCode: 'JP', details, city, state, cityState: `${city}, ${state}`, source: 'Curated Registry' });
      expect(r.summary.confidence).toBe('HIGH_DETERMINISTIC');
    } else {
      expect(r.assembly.countryCode).toBeNull();
      expect(r.summary.confidence).toBe('MEDIUM_PARTIAL');
      expect(r.validation.warnings.map((w) => w.code)).toEqual(['PLANT_UNKNOWN']);
    }
  });
});

describe('the position-7 rule and the years the registry knows a WMI for', () => {
  it('keeps the rule for a WMI known before the year it reads (a 1989 Acura Legend, shared dev cases)', () => {
    const r = decoded('JH4KA4576KC031014');
    expect(r.vehicle.modelYear).toBe(1989);
    expect(r.vehicle.modelYearCandidates).toEqual([1989]);
  });
  it('does not let a curated row open to the past, which gives no year, hide a WMI\'s first year (a 2017 BMW i3, eval/world-*.csv)', () => {
    // WBY: vPIC's rows and schemas start in 2014; curated rows without years do not make it 1980.
    const r = decoded('WBY1Z6103H7A07671');
    expect(r.vehicle.modelYearCandidates).toEqual([1987, 2017]);
    expect(r.vehicle.modelYear).toBe(2017);
  });
  it('does not take a curated row whose source text begins "NHTSA vPIC names …" for a vPIC row (a 2010 BMW 528i, eval/world-*.csv)', () => {
    // WBA's curated rows open to the past (code L's source: "NHTSA vPIC names BMW plant L Greer …") give no year.
    const r = decoded('WBAFR1105AC258998');
    expect(r.vehicle.modelYearCandidates).toEqual([1980, 2010]);
    expect(r.vehicle.modelYear).toBe(2010);
  });
  it('lists both cycles when the rule reads a year before the WMI\'s first, and reads the vehicle for the latest', () => {
    const r = decoded('JTJBC11AXE2464354');
    expect(r.vehicle.modelYearCandidates).toEqual([1984, 2014]);
    expect(r.vehicle.model).toBe('RX');
    expect(r.validation.warnings.map((w) => w.code)).toContain('MODEL_YEAR_AMBIGUOUS');
  });
});
