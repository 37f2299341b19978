/** Decode results and problems shaped exactly like the contract, for suites that fake the API. */
import type { DecodeResult, Problem } from '../../src/generated/contract.js';

export const hondaResult: DecodeResult = {
  identifier: '1HGCM82633A004352',
  summary: { format: 'ISO_17_STANDARD', confidence: 'HIGH_DETERMINISTIC', originAlignment: 'VERIFIED_ORIGIN_ALIGNMENT', verdict: 'Verified Origin Alignment' },
  corporateOrigin: { wmi: '1HG', country: 'United States', countryCode: 'US', region: 'North America', manufacturer: 'American Honda Motor Co., Inc.', productionVolume: 'High-Volume Production' },
  assembly: { plantCode: 'A', country: 'United States', countryCode: 'US', city: 'Marysville', state: 'Ohio', cityState: 'Marysville, Ohio', details: 'Marysville Auto Plant', source: 'Government Registry' },
  vehicle: {
    manufacturer: 'American Honda Motor Co., Inc.', make: 'Honda', model: 'Accord', series: null, trim: 'EX-V6', modelYear: 2003, modelYearCandidates: [2003],
    vehicleType: 'Passenger Car', bodyClass: 'Coupe', doors: 2, driveType: null, fuelType: 'Gasoline', fuelTypeSecondary: null, electrification: null,
    engine: { cylinders: 6, displacementL: 3, model: 'J30A4', configuration: 'V-Shaped', turbo: null },
    gvwr: 'Class 1C: 4,001 - 5,000 lb (1,814 - 2,268 kg)', productionYears: null,
  },
  validation: {
    checkDigit: { status: 'MATCH', calculated: '3', actual: '3', required: true },
    confidenceLevel: 'HIGH',
    evidence: [
      { layer: 'corporateOrigin', table: 'wmi', key: '1HG', source: 'NHTSA vPIC' },
      { layer: 'assembly', table: 'plants', key: '1HG/A', source: 'NHTSA vPIC' },
    ],
    warnings: [],
    suggestions: [],
  },
  positions: { wmi: '1HG', vds: 'CM826', checkDigit: '3', modelYear: '3', plantCode: 'A', serial: '004352', modelCode: null },
};

export const audiMexicoResult: DecodeResult = {
  ...hondaResult,
  identifier: 'WA1EAAFYXN2065837',
  summary: { format: 'ISO_17_STANDARD', confidence: 'HIGH_DETERMINISTIC', originAlignment: 'TRANSNATIONAL_ASSEMBLY', verdict: 'Transnational Assembly' },
  corporateOrigin: { wmi: 'WA1', country: 'Germany', countryCode: 'DE', region: 'Europe', manufacturer: 'Audi AG', productionVolume: 'High-Volume Production' },
  assembly: { plantCode: '2', country: 'Mexico', countryCode: 'MX', city: 'San José Chiapa', state: 'Puebla', cityState: 'San José Chiapa, Puebla', details: null, source: 'Government Registry' },
};

/** Every nullable field null: the page must show `-` for each. */
export const sparseResult: DecodeResult = {
  identifier: 'JZA80-1004956',
  summary: { format: 'JDM_CHASSIS', confidence: 'MEDIUM_PARTIAL', originAlignment: 'UNVERIFIED', verdict: 'Unverified' },
  corporateOrigin: { wmi: null, country: 'Japan', countryCode: 'JP', region: 'Asia', manufacturer: 'Toyota Motor Corporation', productionVolume: null },
  assembly: { plantCode: null, country: null, countryCode: null, city: null, state: null, cityState: null, details: null, source: null },
  vehicle: {
    manufacturer: 'Toyota Motor Corporation', make: 'Toyota', model: 'Supra', series: null, trim: null, modelYear: null, modelYearCandidates: [],
    vehicleType: null, bodyClass: null, doors: null, driveType: null, fuelType: null, fuelTypeSecondary: null, electrification: null,
    engine: { cylinders: null, displacementL: null, model: null, configuration: null, turbo: null }, gvwr: null, productionYears: '1993-2002',
  },
  validation: { checkDigit: { status: 'NOT_APPLICABLE', calculated: null, actual: null, required: false }, confidenceLevel: 'MEDIUM', evidence: [], warnings: [], suggestions: [] },
  positions: { wmi: null, vds: null, checkDigit: null, modelYear: null, plantCode: null, serial: '1004956', modelCode: 'JZA80' },
};

export const illegalCharactersProblem: Problem = {
  type: 'https://vino.dev/problems/illegal-characters',
  title: 'Identifier contains characters a VIN cannot have',
  status: 422,
  detail: 'Position 10 holds O, which ISO 3779 excludes.',
  code: 'ILLEGAL_CHARACTERS',
  identifier: '1HGCM8263OA004352',
  positions: [10],
};

/** An O where a 0 belongs: the 422 names the position and suggests the VIN meant. */
export const mistypedProblem: Problem = {
  type: 'https://vino.dev/problems/illegal-characters',
  title: 'Identifier contains characters a VIN cannot have',
  status: 422,
  detail: 'I, O and Q are not used in VINs (ISO 3779: they look like 1 and 0); found at position(s) 13.',
  code: 'ILLEGAL_CHARACTERS',
  identifier: '1HGCM82633A0O4352',
  positions: [13],
  suggestions: [{ vin: '1HGCM82633A004352', changes: [{ position: 13, from: 'O', to: '0' }], reason: 'O at position 13 is probably 0 (VINs never use O).' }],
};
