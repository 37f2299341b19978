// The vehicle attributes of a result that vPIC's VIN patterns decide, as one frozen object: a
// result spreads it into its `vehicle` (so adding an attribute is a change here and in the
// schema), and every decode whose patterns decide the same values shares one.
import type { DecodeResult } from '../generated/contract.js';

type Vehicle = DecodeResult['vehicle'];

/** The pattern-decided part of `vehicle`: everything but manufacturer, make, model year, vehicle type and production years. */
export type VehicleAttributes = Readonly<Omit<Vehicle, 'manufacturer' | 'make' | 'modelYear' | 'modelYearCandidates' | 'vehicleType' | 'productionYears'>>;

export const NO_ENGINE: Vehicle['engine'] = Object.freeze({ cylinders: null, displacementL: null, model: null, configuration: null, turbo: null });

/** No pattern decided anything. */
export const NO_ATTRIBUTES: VehicleAttributes = Object.freeze({
  model: null, series: null, trim: null, bodyClass: null, doors: null, driveType: null, fuelType: null,
  fuelTypeSecondary: null, electrification: null, engine: NO_ENGINE, gvwr: null,
});
