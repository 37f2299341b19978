// The vPIC elements vino decodes from VIN patterns: their name in registry/vehicle-patterns.csv,
// vPIC's element id, the vPIC lookup table that turns a value id into a name (none for text and
// numbers), and the evidence group of the result they belong to. The order is the column order of
// the compiled tables (src/generated/METADATA.md).
export const VEHICLE_ELEMENTS = [
  { name: 'model', vpicId: 28, lookup: 'Model', group: 'model' },
  { name: 'series', vpicId: 34, lookup: null, group: 'model' },
  { name: 'trim', vpicId: 38, lookup: null, group: 'model' },
  { name: 'body_class', vpicId: 5, lookup: 'BodyStyle', group: 'body' },
  { name: 'doors', vpicId: 14, lookup: null, group: 'body' },
  { name: 'drive_type', vpicId: 15, lookup: 'DriveType', group: 'drivetrain' },
  { name: 'gvwr', vpicId: 25, lookup: 'GrossVehicleWeightRating', group: 'body' },
  { name: 'fuel_type', vpicId: 24, lookup: 'FuelType', group: 'fuel' },
  { name: 'fuel_type_secondary', vpicId: 66, lookup: 'FuelType', group: 'fuel' },
  { name: 'electrification', vpicId: 126, lookup: 'ElectrificationLevel', group: 'fuel' },
  { name: 'engine_model', vpicId: 18, lookup: null, group: 'engine' },
  { name: 'cylinders', vpicId: 9, lookup: null, group: 'engine' },
  { name: 'displacement_cc', vpicId: 11, lookup: null, group: 'engine' },
  { name: 'displacement_ci', vpicId: 12, lookup: null, group: 'engine' },
  { name: 'displacement_l', vpicId: 13, lookup: null, group: 'engine' },
  { name: 'engine_configuration', vpicId: 64, lookup: 'EngineConfiguration', group: 'engine' },
  { name: 'turbo', vpicId: 135, lookup: 'Turbo', group: 'engine' },
] as const;

export type VehicleElement = (typeof VEHICLE_ELEMENTS)[number];
export type VehicleElementName = VehicleElement['name'];
export type VehicleGroup = VehicleElement['group'];

/** Element name → its column in the compiled tables. */
export const ELEMENT_INDEX: Readonly<Record<VehicleElementName, number>> = Object.freeze(
  Object.fromEntries(VEHICLE_ELEMENTS.map((e, i) => [e.name, i])) as Record<VehicleElementName, number>,
);
