// What suggesting corrections costs (issue 11: at most 50 µs per decode that computes them, and
// clean VINs no slower): µs per decode of mistyped VINs beside the same VINs typed right, in the
// same run. The VINs are the fleet mix's North American ones (whose check digit is mandatory);
// each is mistyped once with a look-alike (B/8, S/5, Z/2, G/6, D/0, U/V), so the check digit
// fails and suggestions are computed, and once with an O for a 0 (refused, with suggestions).
// Timed in CPU time of this process (decoding is single-threaded), so other processes on a shared
// machine do not inflate the figures as they do wall-clock time.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { calculateCheckDigit } from '../src/decode/check-digit.js';
import type { Figure } from './decode.js';
import { identifierMix } from './identifiers.js';

type DecodeModule = typeof import('../src/decode/index.js');
const COMPILED = pathToFileURL(resolve(import.meta.dirname, '../dist/src/decode/index.js')).href;
const { decode } = (await import(COMPILED)) as DecodeModule;

const LOOK_ALIKE: Record<string, string> = { B: '8', '8': 'B', S: '5', '5': 'S', Z: '2', '2': 'Z', G: '6', '6': 'G', D: '0', '0': 'D', U: 'V', V: 'U' };

/** CPU microseconds per decode: the best of five timed passes after a warm-up. */
function microseconds(inputs: readonly string[], rounds: number): number {
  let best = Infinity, sink = 0;
  for (let run = 0; run < 6; run++) {
    const started = process.cpuUsage();
    for (let r = 0; r < rounds; r++) for (let i = 0; i < inputs.length; i++) if (decode(inputs[i]!).ok) sink++;
    const used = process.cpuUsage(started);
    const us = (used.user + used.system) / (inputs.length * rounds);
    if (run > 0) best = Math.min(best, us);
  }
  if (sink < 0) console.log(sink);
  return best;
}

export function benchSuggestions(): Figure[] {
  const clean = identifierMix(20_000, 11, 'fleet').filter((id) => /^[1-5]/.test(id) && id.length === 17 && id[8] === calculateCheckDigit(id)).slice(0, 5_000);
  const mistyped: string[] = [], withO: string[] = [];
  clean.forEach((vin, n) => {
    // A position that holds a look-alike, other than the check digit, chosen by the VIN's index.
    const positions = [...vin].flatMap((ch, i) => (i !== 8 && LOOK_ALIKE[ch] ? [i] : []));
    if (positions.length > 0) {
      const i = positions[n % positions.length]!;
      const typo = vin.slice(0, i) + LOOK_ALIKE[vin[i]!] + vin.slice(i + 1);
      if (typo[8] !== calculateCheckDigit(typo)) mistyped.push(typo);
    }
    const zero = vin.indexOf('0', 11);
    if (zero > 0) withO.push(vin.slice(0, zero) + 'O' + vin.slice(zero + 1));
  });
  const computed = mistyped.filter((id) => { const o = decode(id); return o.ok && o.result.validation.suggestions.length > 0; }).length;
  const cleanUs = microseconds(clean, 20);
  const mistypedUs = microseconds(mistyped, 2);
  const withOUs = microseconds(withO, 2);
  return [
    { name: `clean North American VINs (${clean.length.toLocaleString('en')})`, value: cleanUs, unit: 'µs/decode' },
    { name: `one look-alike mistyped: check digit fails (${mistyped.length.toLocaleString('en')})`, value: mistypedUs, unit: 'µs/decode', note: `${computed} with suggestions` },
    { name: `an O for a 0: refused with suggestions (${withO.length.toLocaleString('en')})`, value: withOUs, unit: 'µs/decode' },
    { name: 'mistyped / clean', value: mistypedUs / cleanUs, unit: 'ratio' },
  ];
}
