// Writes registry CSVs the way stewards review them: fixed column order, RFC 4180 quoting only
// where a field needs it, '\n' line ends.
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly Record<string, string | number>[]): string {
  const lines = [header.join(',')];
  for (const row of rows) lines.push(header.map((h) => csvField(row[h] ?? '')).join(','));
  return lines.join('\n') + '\n';
}
