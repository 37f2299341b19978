// The human-readable form of `vino decode`: one short block per identifier, '-' for unknowns.
import type { Problem, Suggestion } from '../generated/contract.js';
import type { DecodedResult, DeepReadonly } from '../decode/outcome.js';
import { bodyText, engineParts, fuelParts, joinParts, seriesTrimText, shown as show } from '../vehicle-text.js';

const row = (label: string, value: string): string => `  ${label.padEnd(17)}${value}`;

export function formatResult(r: DecodedResult): string {
  const o = r.corporateOrigin, a = r.assembly, v = r.vehicle, c = r.validation.checkDigit;
  const place = [a.city, a.state, a.country].filter(Boolean).join(', ');
  const lines = [
    `${r.identifier}  ${r.summary.verdict}  (${r.validation.confidenceLevel} confidence, ${r.summary.format})`,
    row('Corporate origin', `${show(o.country)} · ${show(o.manufacturer)}${o.wmi ? ` (WMI ${o.wmi}, ${show(o.region)})` : ''}`),
    row('Assembly', a.countryCode
      ? `${place}${a.details ? ` · ${a.details}` : ''} (${a.plantCode ? `plant ${a.plantCode}, ` : ''}${show(a.source)})`
      : `-${a.plantCode ? ` (plant ${a.plantCode} not in the registry)` : ''}`),
    row('Vehicle', [show(v.make), show(v.model), show(v.modelYear ?? v.productionYears), show(v.vehicleType)].join(' · ')),
    ...vehicleRows(v),
    row('Check digit', c.status === 'NOT_APPLICABLE' ? 'not applicable' : `${c.status} (calculated ${c.calculated}, actual ${c.actual}${c.required ? ', mandatory' : ''})`),
  ];
  for (const w of r.validation.warnings) lines.push(row('Warning', w.message));
  lines.push(...didYouMean(r.validation.suggestions));
  return lines.join('\n');
}

/** What the VIN patterns say the vehicle is, a line per group; a group with nothing known has no line. */
function vehicleRows(v: DecodedResult['vehicle']): string[] {
  const rows: [string, string | null][] = [
    ['Series / trim', seriesTrimText(v)],
    ['Body', bodyText(v)],
    ['Engine', joinParts(engineParts(v.engine))],
    ['Fuel', joinParts(fuelParts(v))],
    ['GVWR', v.gvwr],
  ];
  return rows.flatMap(([label, text]) => (text === null ? [] : [row(label, text)]));
}

export function formatProblemText(identifier: string, p: Problem): string {
  return [`${identifier === '' ? '(empty)' : identifier}  error ${p.code}: ${p.detail}`, ...didYouMean(p.suggestions ?? [])].join('\n');
}

/** One line per corrected VIN, the likeliest first, the label on the first only. */
function didYouMean(suggestions: DeepReadonly<Suggestion[]>): string[] {
  return suggestions.map((s, i) => row(i === 0 ? 'Did you mean' : '', `${s.vin} · ${s.reason}`));
}
