// npm run bench: every figure with the baseline it is measured against in the same run.
import { benchCli } from './cli.js';
import { benchDecode, type Figure } from './decode.js';
import { benchSuggestions } from './suggestions.js';

function print(title: string, figures: Figure[]): void {
  console.log(`\n${title}`);
  for (const f of figures) {
    const value = f.unit === 'ratio' ? `${f.value.toFixed(2)}x` : f.unit === 'µs/decode' ? `${f.value.toFixed(2)} ${f.unit}` : `${Math.round(f.value).toLocaleString('en')} ${f.unit}`;
    console.log(`  ${f.name.padEnd(58)} ${value.padStart(18)}${f.note ? `   (${f.note})` : ''}`);
  }
}

const only = process.argv[2];
if (!only || only === 'decode') {
  print('In-process decoding: a fleet repeating 2,000 models (positions 1-11 shared, fresh serials)', benchDecode('models'));
  print('In-process decoding: 100,000 VINs whose positions 4-8 are drawn at random (300 big-maker WMIs, 100 European ones), JDM, malformed: few models repeat', benchDecode('fleet'));
  print('In-process decoding: 1,100,000 VINs of which no two share positions 1-8, each decoded once (every decision new)', benchDecode('distinct'));
  print('In-process decoding: the long tail (every WMI with plants, down to one-off trailer makers)', benchDecode('long-tail'));
}
if (!only || only === 'suggestions') print('In-process decoding: mistyped VINs, whose decode computes suggested corrections', benchSuggestions());
if (!only || only === 'cli') print('Command line', benchCli(Number(process.env.VINO_BENCH_LINES ?? 1_000_000)));
if (!only || only === 'corgi') {
  const { benchCorgi } = await import('./corgi.js');
  print('Beside corgi (installed into a scratch folder by this bench): the same VINs, and agreement with vPIC', await benchCorgi());
}
if (!only || only === 'http') {
  const { runHttpBench } = await import('./http.js');
  await runHttpBench();
}
