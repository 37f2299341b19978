// In-process decoding speed against a floor measured in the same run: a bare loop over the same
// inputs that does only a Map lookup per identifier. It measures the compiled decoder in dist/
// (what `vino` and the server run), not the TypeScript sources as a loader transforms them.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { distinctModels, identifierMix, repeatedModels, type MixBreadth } from './identifiers.js';

type DecodeModule = typeof import('../src/decode/index.js');
const COMPILED = pathToFileURL(resolve(import.meta.dirname, '../dist/src/decode/index.js')).href;
const { decode } = (await import(COMPILED)) as DecodeModule;

export interface Figure { name: string; value: number; unit: string; note?: string }

function timeLoop(inputs: readonly string[], rounds: number, body: (id: string) => unknown): number {
  let sink = 0;
  const started = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) for (let i = 0; i < inputs.length; i++) if (body(inputs[i]!)) sink++;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (sink < 0) console.log(sink);
  return (inputs.length * rounds) / seconds;
}

/** `models`: a fleet repeating 2,000 models; `distinct`: VINs of which no two share positions 1-8. */
export type DecodeMix = MixBreadth | 'models' | 'distinct';

export function benchDecode(breadth: DecodeMix = 'fleet'): Figure[] {
  if (breadth === 'distinct') return benchFresh();
  const inputs = breadth === 'models' ? repeatedModels(100_000, 7) : identifierMix(100_000, 7, breadth);
  const lookup = new Map(inputs.map((id, i) => [id, i]));
  decode(inputs[0]!);
  // Warm both loops, then take the best of five timed runs of 1,000,000 each.
  timeLoop(inputs, 3, (id) => decode(id).ok);
  timeLoop(inputs, 3, (id) => lookup.get(id) !== undefined);
  let best = 0, floor = 0;
  for (let run = 0; run < 5; run++) {
    best = Math.max(best, timeLoop(inputs, 10, (id) => decode(id).ok));
    floor = Math.max(floor, timeLoop(inputs, 10, (id) => lookup.get(id) !== undefined));
  }
  return figures(breadth, inputs, best, floor);
}

/**
 * VINs of which no two share positions 1-8, each decoded once: a timed run that went over the same
 * VINs again would find its own templates and decisions cached from the run before. The decoder is
 * warmed on 100,000 such VINs (its JIT, its per-WMI tables and plans), then each of five timed runs
 * decodes 200,000 it has never seen; the best run counts.
 */
function benchFresh(): Figure[] {
  const WARM = 100_000, RUN = 200_000, RUNS = 5;
  const all = distinctModels(WARM + RUN * RUNS, 7);
  const warm = all.slice(0, WARM);
  timeLoop(warm, 3, (id) => decode(id).ok);
  let best = 0, floor = 0;
  for (let run = 0; run < RUNS; run++) {
    const fresh = all.slice(WARM + run * RUN, WARM + (run + 1) * RUN);
    const lookup = new Map(fresh.map((id, i) => [id, i]));
    timeLoop(fresh, 1, (id) => lookup.get(id) !== undefined);
    best = Math.max(best, timeLoop(fresh, 1, (id) => decode(id).ok));
    floor = Math.max(floor, timeLoop(fresh, 1, (id) => lookup.get(id) !== undefined));
  }
  return figures('distinct', all.slice(WARM), best, floor);
}

/**
 * What each mix is called in the figures: `models` is the fleet as fleets are (the CLI bench's
 * fleet file too), `fleet` draws every VIN's positions 4-8 at random, so its models rarely repeat.
 */
const MIX_NAMES: Record<DecodeMix, string> = { models: 'fleet mix: 2,000 models repeated', fleet: 'random-model mix', distinct: 'distinct mix', 'long-tail': 'long-tail mix' };

function figures(breadth: DecodeMix, inputs: readonly string[], best: number, floor: number): Figure[] {
  const resolved = inputs.filter((id) => { const o = decode(id); return o.ok && o.result.assembly.countryCode !== null; }).length;
  const modelled = inputs.filter((id) => { const o = decode(id); return o.ok && o.result.vehicle.model !== null; }).length;
  return [
    { name: `decode, full result (in process, ${MIX_NAMES[breadth]})`, value: best, unit: 'decodes/s', note: `${(100 * resolved / inputs.length).toFixed(0)}% of the mix resolve a plant, ${(100 * modelled / inputs.length).toFixed(0)}% a model` },
    { name: 'floor: Map lookup over the same inputs', value: floor, unit: 'lookups/s' },
    { name: 'decode / floor', value: best / floor, unit: 'ratio' },
  ];
}
