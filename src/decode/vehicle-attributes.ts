// The vehicle attributes of a result that vPIC's VIN patterns decide, as one frozen object: a
// result spreads it into its `vehicle` (so adding an attribute is a change here and in the
// schema), and every decode whose patterns decide the same values shares one.
import type { DecodeResult } from '../generated/contract.js';
import type { DeepReadonly } from './outcome.js';

/** A result's vehicle: read-only, as every result is (outcome.ts). */
type Vehicle = DeepReadonly<DecodeResult['vehicle']>;

/** The pattern-decided part of `vehicle`: everything but manufacturer, make, model year, vehicle type and production years. */
export type VehicleAttributes = Readonly<Omit<Vehicle, 'manufacturer' | 'make' | 'modelYear' | 'modelYearCandidates' | 'vehicleType' | 'productionYears'>>;

export const NO_ENGINE: Vehicle['engine'] = Object.freeze({ cylinders: null, displacementL: null, model: null, configuration: null, turbo: null });

/** No pattern decided anything. */
export const NO_ATTRIBUTES: VehicleAttributes = Object.freeze({
  model: null, series: null, trim: null, bodyClass: null, doors: null, driveType: null, fuelType: null,
  fuelTypeSecondary: null, electrification: null, engine: NO_ENGINE, gvwr: null,
});

/** What the layers other than the VIN patterns say of the vehicle. */
export type VehicleIdentity = Pick<Vehicle, 'manufacturer' | 'make' | 'modelYear' | 'modelYearCandidates' | 'vehicleType' | 'productionYears'>;

/** A result's `vehicle`, its keys in the contract's order (as the JSON reads). */
export function vehicleOf(who: VehicleIdentity, a: VehicleAttributes): Vehicle {
  return {
    manufacturer: who.manufacturer, make: who.make, model: a.model, series: a.series, trim: a.trim,
    modelYear: who.modelYear, modelYearCandidates: who.modelYearCandidates, vehicleType: who.vehicleType,
    bodyClass: a.bodyClass, doors: a.doors, driveType: a.driveType, fuelType: a.fuelType, fuelTypeSecondary: a.fuelTypeSecondary,
    electrification: a.electrification, engine: a.engine, gvwr: a.gvwr, productionYears: who.productionYears,
  };
}
