// Cells of the CSV `vino decode --format csv` writes. A spreadsheet runs a cell that starts with
// =, +, - or @ as a formula (and a tab or carriage return can hide such a start), so a fleet file
// carrying `=HYPERLINK(…)` in a column would run it when the decoded file is opened. OWASP's advice
// is followed: such a cell gets a leading apostrophe, which spreadsheets show as text
// (https://owasp.org/www-community/attacks/CSV_Injection); `--verbatim` writes cells as they are.

const FORMULA_START = /^[=+\-@\t\r]/;

/** The cell as a spreadsheet will show it, never run it. */
export const neutraliseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** Writes one row with the file's own delimiter, quoting (RFC 4180) only the cells that need it. */
export function csvRow(values: readonly (string | number | null)[], delimiter: string, verbatim: boolean): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    let text = value === null || value === undefined ? '' : String(value);
    if (!verbatim) text = neutraliseFormula(text);
    const quote = text.includes('"') || text.includes(delimiter) || text.includes('\n') || text.includes('\r');
    line += (i === 0 ? '' : delimiter) + (quote ? `"${text.replace(/"/g, '""')}"` : text);
  }
  return line;
}
