// GENERATED FILE: do not edit by hand.
// Source: schemas/decode-request.schema.json, schemas/decode-batch-request.schema.json, schemas/decode-result.schema.json, schemas/problem.schema.json, schemas/key-create-request.schema.json, schemas/key-created.schema.json, schemas/key-summary.schema.json, schemas/key-list.schema.json
// Regenerate: npm run codegen
/**
 * Body of POST /api/v1/vin/decode: one identifier (a 17-character VIN, a partial VIN, or a Japanese chassis number).
 */
export interface DecodeRequest {
  /**
   * The VIN or chassis number as typed; spaces and case are normalised. A partial VIN writes * for each unknown position, or gives only its first 11-16 positions.
   */
  identifier: string;
}

/**
 * Body of POST /api/v1/vin/decode/batch: up to 1,000 identifiers, answered in order.
 */
export interface DecodeBatchRequest {
  /**
   * @minItems 1
   * @maxItems 1000
   */
  identifiers: [string, ...string[]];
}

/**
 * ISO_17_PARTIAL: a VIN with unknown positions (written *, or only its first 11-16 positions given).
 */
export type Format = 'ISO_17_STANDARD' | 'ISO_17_LOW_VOLUME' | 'ISO_17_PARTIAL' | 'JDM_CHASSIS';
export type Confidence = 'HIGH_DETERMINISTIC' | 'MEDIUM_PARTIAL' | 'LOW_INFERRED';
export type OriginAlignment = 'VERIFIED_ORIGIN_ALIGNMENT' | 'TRANSNATIONAL_ASSEMBLY' | 'UNVERIFIED';
export type NullableString = string | null;
export type CheckDigitStatus = 'MATCH' | 'MISMATCH' | 'NOT_APPLICABLE';

/**
 * What vino knows about one identifier: corporate origin (WMI), physical assembly (plant code) and whether they agree. Unknown values are null.
 */
export interface DecodeResult {
  /**
   * The normalised identifier that was decoded.
   */
  identifier: string;
  summary: {
    format: Format;
    confidence: Confidence;
    originAlignment: OriginAlignment;
    /**
     * Human label of originAlignment.
     */
    verdict: string;
  };
  corporateOrigin: {
    wmi: NullableString;
    country: NullableString;
    countryCode: NullableString;
    region: NullableString;
    manufacturer: NullableString;
    productionVolume: NullableString;
  };
  assembly: {
    plantCode: NullableString;
    country: NullableString;
    countryCode: NullableString;
    city: NullableString;
    state: NullableString;
    cityState: NullableString;
    details: NullableString;
    source: NullableString;
  };
  /**
   * What the vehicle is. For VINs the attributes are what vPIC's VIN patterns decide (positions 4-8 and 10-17), spelled as vPIC spells them; null where no pattern decides.
   */
  vehicle: {
    manufacturer: NullableString;
    /**
     * From the decoded model (vPIC Make_Model); without a model, the WMI's make when it has exactly one.
     */
    make: string | null;
    /**
     * vPIC Model; JDM: the registry's model.
     */
    model: string | null;
    /**
     * vPIC Series.
     */
    series: string | null;
    /**
     * vPIC Trim.
     */
    trim: string | null;
    modelYear: number | null;
    modelYearCandidates: number[];
    vehicleType: NullableString;
    /**
     * vPIC Body Class (Sedan/Saloon, Coupe, Pickup, ...).
     */
    bodyClass: string | null;
    /**
     * vPIC Doors.
     */
    doors: number | null;
    /**
     * vPIC Drive Type.
     */
    driveType: string | null;
    /**
     * vPIC Fuel Type - Primary.
     */
    fuelType: string | null;
    /**
     * vPIC Fuel Type - Secondary (hybrids, flexible fuel).
     */
    fuelTypeSecondary: string | null;
    /**
     * vPIC Electrification Level.
     */
    electrification: string | null;
    /**
     * What vPIC's patterns say of the engine. A size decoded in cc or cubic inches is given in litres as vPIC's Conversion table does (cc / 1000, ci x 0.016387064).
     */
    engine: {
      /**
       * vPIC Engine Number of Cylinders.
       */
      cylinders: number | null;
      /**
       * Displacement in litres.
       */
      displacementL: number | null;
      /**
       * vPIC Engine Model.
       */
      model: string | null;
      /**
       * vPIC Engine Configuration (In-Line, V-Shaped, ...).
       */
      configuration: string | null;
      /**
       * vPIC Turbo (Yes/No), where a pattern says.
       */
      turbo: string | null;
    };
    /**
     * vPIC Gross Vehicle Weight Rating From, as its class text.
     */
    gvwr: string | null;
    /**
     * JDM: the model code's production span, e.g. 1993-2002.
     */
    productionYears: string | null;
  };
  validation: {
    checkDigit: {
      status: CheckDigitStatus;
      calculated: NullableString;
      actual: NullableString;
      required: boolean;
    };
    confidenceLevel: 'HIGH' | 'MEDIUM' | 'LOW';
    evidence: Evidence[];
    warnings: Warning[];
    /**
     * Up to five corrected VINs, most likely first, when the check digit does not hold where it is mandatory (or the WMI is unknown); empty otherwise.
     *
     * @maxItems 5
     */
    suggestions: Suggestion[];
  };
  positions: {
    wmi: NullableString;
    vds: NullableString;
    checkDigit: NullableString;
    modelYear: NullableString;
    plantCode: NullableString;
    serial: NullableString;
    /**
     * JDM: the model code before the hyphen.
     */
    modelCode: string | null;
  };
}
export interface Evidence {
  layer: 'corporateOrigin' | 'assembly' | 'vehicle' | 'modelYear';
  /**
   * Registry table the fact came from (countries, wmi, plants, model-years, jdm-chassis).
   */
  table: string;
  /**
   * The key looked up in that table.
   */
  key: string;
  /**
   * Where the registry row says the fact comes from.
   */
  source: string;
}
export interface Warning {
  code: string;
  message: string;
}
/**
 * A corrected VIN: it passes the check digit, has a registered WMI and a model-year code at position 10.
 */
export interface Suggestion {
  vin: string;
  /**
   * The positions changed, in VIN order.
   *
   * @minItems 1
   */
  changes: [SuggestionChange, ...SuggestionChange[]];
  /**
   * Why this correction is likely, in a sentence.
   */
  reason: string;
}
export interface SuggestionChange {
  position: number;
  /**
   * The character given at that position.
   */
  from: string;
  /**
   * The character of the suggested VIN.
   */
  to: string;
}

/**
 * An RFC 9457 problem details body (application/problem+json) with a stable machine code.
 */
export interface Problem {
  /**
   * A URI naming the problem type.
   */
  type: string;
  title: string;
  status: number;
  detail: string;
  /**
   * Stable code, e.g. INVALID_LENGTH, ILLEGAL_CHARACTERS, UNRECOGNISED_FORMAT, VALIDATION_FAILED.
   */
  code: string;
  instance?: string;
  /**
   * The identifier the problem is about (decode errors).
   */
  identifier?: string;
  /**
   * 1-based positions of the offending characters (ILLEGAL_CHARACTERS).
   */
  positions?: number[];
  /**
   * ILLEGAL_CHARACTERS: up to five corrected VINs, most likely first (empty when none decodes).
   *
   * @maxItems 5
   */
  suggestions?: Suggestion[];
  errors?: {
    path: string;
    message: string;
  }[];
}

/**
 * Body of POST /api/v1/keys (admin token): the label of the application the key is for.
 */
export interface KeyCreateRequest {
  /**
   * An application name such as "My ERP": printable characters, not only spaces. Control characters (C0, DEL, C1), format characters (bidi overrides, zero-width), line and paragraph separators and lone surrogates are refused: a label is printed in operators' terminals.
   */
  label: string;
}

/**
 * Answer to POST /api/v1/keys and `vino keys create --json`: the only time the key is shown.
 */
export interface KeyCreated {
  id: string;
  label: string;
  /**
   * vino_ + 32 random characters + a 6-character checksum.
   */
  key: string;
  prefix: string;
  createdAt: string;
}

/**
 * An API key as lists show it: never the key itself, only its id, label and display prefix.
 */
export interface KeySummary {
  /**
   * Stable id used to revoke the key, e.g. key_3f9a0c1b2d4e5f60.
   */
  id: string;
  label: string;
  /**
   * The first characters of the key, to tell keys apart.
   */
  prefix: string;
  createdAt: string;
  /**
   * Updated at most once a minute.
   */
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/**
 * Answer to GET /api/v1/keys and `vino keys list --json`, oldest key first.
 */
export interface KeyList {
  keys: KeySummary[];
}
