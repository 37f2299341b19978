// vPIC writes names in capitals ("AMERICAN HONDA MOTOR CO., INC.", "MARYSVILLE"). People read
// "American Honda Motor Co., Inc." and "Marysville"; the words are unchanged, only their case.
const KEEP_UPPER = new Set([
  'AG', 'AB', 'AS', 'BMW', 'BV', 'BYD', 'CV', 'DAF', 'FCA', 'GM', 'GMC', 'II', 'III', 'IV', 'JLR', 'KG', 'KTM', 'LLC', 'LLP',
  'LP', 'LTDA', 'MAN', 'MG', 'NA', 'NV', 'PLC', 'RV', 'SA', 'SAS', 'SE', 'SPA', 'SRL', 'UK', 'US', 'USA', 'VW', 'VI',
]);
const SPECIAL: Record<string, string> = { GMBH: 'GmbH', MCLAREN: 'McLaren', DE: 'de', DEL: 'del', OF: 'of', AND: 'and', THE: 'the' };

function word(raw: string, first: boolean): string {
  // Capitals outside A-Z count (PHÚC is a word, not an acronym: its vowel is Ú).
  const letters = raw.replace(/[^\p{Lu}]/gu, '');
  // Before the acronym rule, which would otherwise keep GMBH in capitals.
  const special = SPECIAL[letters];
  if (special && !(first && special === special.toLowerCase())) return raw.replace(letters, special);
  // Vowel-less words are acronyms (KTM, PSA) unless a dot marks an abbreviation (St., Dr., Mfg.).
  if (KEEP_UPPER.has(letters) || (letters.length >= 2 && !raw.includes('.') && !/[AEIOUYÀ-ÆÈ-ÏÒ-ÖØ-ÝĀ-ąĒ-ěĪ-įŌ-őŨ-ų]/u.test(letters))) return raw;
  // Letters outside a-z (é, ü, ö) are letters too: the word goes on after them (Düsseldorf,
  // Kecskemét), and one that starts a word is a capital (Ängelholm, Saint-Évariste).
  return raw.toLowerCase().replace(/(^|[^\p{Ll}']|\b[a-z]')(\p{Ll})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase())
    // O'Neal, D'Alene: a one-letter prefix and an apostrophe start a name (a possessive 's does not).
    .replace(/^([A-Z]')([a-z])(?=[a-z])/, (_m, prefix: string, ch: string) => prefix + ch.toUpperCase());
}

/** Title-cases a name written all in capitals; names already in mixed case are left as they are. */
export function titleCase(text: string): string {
  if (/[a-z]/.test(text)) return text;
  return text
    .trim()
    .split(/\s+/)
    .map((w, i) => word(w, i === 0))
    .join(' ');
}
