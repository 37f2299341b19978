/**
 * How the vehicle attributes read to a person, shared by `vino decode`'s text output and the page's
 * Vehicle Attributes card so both say the same thing. A value the patterns do not decide is `-`;
 * a group whose every value is unknown is `null`, so the CLI can drop its line and the page can show
 * a single `-`.
 */
import type { DecodeResult } from './generated/contract.js';
import type { DeepReadonly } from './decode/outcome.js';

/** Read-only: a decoder's result shares its parts (the page's mutable JSON fits it too). */
type Vehicle = DeepReadonly<DecodeResult['vehicle']>;

/** Unknown values are null in the contract; people see them as `-`. */
export function shown(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : String(value);
}

const allUnknown = (values: readonly unknown[]): boolean => values.every((value) => value === null || value === undefined || value === '');

/** Litres as engines are named (3.0 L, 1.598 L): at least one decimal, at most three. */
export function litresText(litres: number | null): string {
  if (litres === null) return '-';
  return Number.isInteger(litres) ? litres.toFixed(1) : String(Number(litres.toFixed(3)));
}

/** The engine's facts in reading order, `-` where unknown; null when the patterns say nothing of the engine. */
export function engineParts(engine: Vehicle['engine']): string[] | null {
  const { cylinders, displacementL, model, configuration, turbo } = engine;
  if (allUnknown([cylinders, displacementL, model, configuration, turbo])) return null;
  return [`${shown(cylinders)} cyl`, `${litresText(displacementL)} L`, shown(model), shown(configuration), `turbo ${shown(turbo)}`];
}

/** Primary fuel, secondary fuel and electrification, `-` where unknown; null when nothing about fuel is known. */
export function fuelParts(vehicle: Vehicle): string[] | null {
  const { fuelType, fuelTypeSecondary, electrification } = vehicle;
  if (allUnknown([fuelType, fuelTypeSecondary, electrification])) return null;
  return [shown(fuelType), `secondary ${shown(fuelTypeSecondary)}`, `electrification ${shown(electrification)}`];
}

/** Parts as one line: `6 cyl · 3.0 L · J30A4 · V-Shaped · turbo Yes`. */
export const joinParts = (parts: readonly string[] | null): string | null => (parts === null ? null : parts.join(' · '));

/** `Coupe · 2 doors · drive 4WD/4-Wheel Drive/4x4`; null when body, doors and drive are all unknown. */
export function bodyText(vehicle: Vehicle): string | null {
  const { bodyClass, doors, driveType } = vehicle;
  if (allUnknown([bodyClass, doors, driveType])) return null;
  return `${shown(bodyClass)} · ${shown(doors)} doors · drive ${shown(driveType)}`;
}

/** `LX · EX-V6` (series, then trim); null when both are unknown. */
export function seriesTrimText(vehicle: Vehicle): string | null {
  if (allUnknown([vehicle.series, vehicle.trim])) return null;
  return `${shown(vehicle.series)} · ${shown(vehicle.trim)}`;
}
