// One string per distinct name: tables split from text (plant groups, vehicle schema lines) make a
// new copy of "Aichi" or "Gasoline" for every row, and a fleet loads thousands of such rows.

/** A function returning the first string it was given equal to `text`; bounded by what it is fed (registry names). */
export function interner(): (text: string) => string {
  const kept = new Map<string, string>();
  return (text) => {
    const found = kept.get(text);
    if (found !== undefined) return found;
    kept.set(text, text);
    return text;
  };
}
