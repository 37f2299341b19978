// The human form of `vino registry coverage`: one block per region and per maker, read top down.
// Long source names, source lists and WMI lists are cut short here; `--json` carries them whole.
import type { Coverage, GroupCoverage } from './coverage.js';

const SOURCE_WIDTH = 72;
const WMIS_SHOWN = 12;
/** Curated rows often cite one page each, so a region can have hundreds of sources: the largest few are shown. */
const SOURCES_SHOWN = 8;

const percent = (part: number, whole: number): string => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);

function shorten(text: string): string {
  return text.length <= SOURCE_WIDTH ? text : `${text.slice(0, SOURCE_WIDTH - 1)}…`;
}

function block(g: GroupCoverage): string[] {
  const lines = [`${g.name}: ${g.wmis} WMIs, ${g.wmisWithPlants} with plant codes (${percent(g.wmisWithPlants, g.wmis)}), ${g.plantCodes} codes`];
  for (const s of g.sources.slice(0, SOURCES_SHOWN)) lines.push(`  ${String(s.codes).padStart(6)}  ${shorten(s.source)}`);
  const moreSources = g.sources.length - SOURCES_SHOWN;
  if (moreSources > 0) {
    const codes = g.sources.slice(SOURCES_SHOWN).reduce((n, s) => n + s.codes, 0);
    lines.push(`  ${' '.repeat(6)}  … and ${moreSources} more sources, with ${codes} codes between them`);
  }
  if (g.wmisWithoutPlants.length > 0) {
    const shown = g.wmisWithoutPlants.slice(0, WMIS_SHOWN).join(' ');
    const more = g.wmisWithoutPlants.length - WMIS_SHOWN;
    lines.push(`  none: ${shown}${more > 0 ? ` … and ${more} more` : ''}`);
  }
  return lines;
}

/** `limit` makers are shown (0: all of them). */
export function formatCoverage(c: Coverage, limit: number): string {
  const t = c.total;
  const scope = [c.filter.region && `region ${c.filter.region}`, c.filter.maker && `makers matching "${c.filter.maker}"`].filter(Boolean).join(', ');
  const lines = [
    `Plant codes${scope ? ` (${scope})` : ''}: ${t.wmisWithPlants} of ${t.wmis} WMIs have them (${percent(t.wmisWithPlants, t.wmis)}), ${t.plantCodes} codes in all.`,
    `JDM chassis registry: ${c.jdm.modelCodes} model codes, ${c.jdm.unverified} unverified, ${c.jdm.withPlant} with a plant.`,
    '',
    'By ISO 3780 region (codes per source; "none": WMIs without plant codes):',
  ];
  for (const r of c.regions) lines.push(...block(r));
  const makers = limit > 0 ? c.makers.slice(0, limit) : c.makers;
  lines.push('', makers.length < c.makers.length
    ? `By maker: the ${makers.length} of ${c.makers.length} with most WMIs (--limit 0 shows all; --maker NAME, --region NAME narrow it):`
    : `By maker (${c.makers.length}):`);
  for (const m of makers) lines.push(...block(m));
  const cut = t.wmisWithoutPlants.length > WMIS_SHOWN || [...c.regions, ...makers].some((g) => g.sources.length > SOURCES_SHOWN);
  if (cut) lines.push('', 'Lists of sources and WMIs are cut short; --json gives them whole.');
  return lines.join('\n') + '\n';
}
