// What the CLI prints goes to an operator's terminal, where a label or an identifier holding ESC
// (`\x1b[2J` clears the screen, `\x1b[8m` hides what follows) or a C1 control (U+009B is a
// one-character CSI) would be obeyed, not shown. Every text that came from outside (labels,
// identifiers, ids, error messages) passes through here first (issue 12, finding 2).

/** Controls (C0, DEL, C1), format characters (bidi overrides, zero-width), line and paragraph separators, lone surrogates. */
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
const NON_PRINTABLE_EXCEPT_NEWLINE = /(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

const escape = (char: string): string => {
  const code = char.codePointAt(0)!;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
};

/** One line of text with every non-printable character written as an escape (`\x1b`, `\u{202e}`). */
export const printable = (text: string): string => text.replace(NON_PRINTABLE, escape);

/** As printable, keeping line breaks: for blocks of several lines. */
export const printableLines = (text: string): string => text.replace(NON_PRINTABLE_EXCEPT_NEWLINE, escape);

/** JSON.stringify leaves DEL, C1 and format characters raw; this writes them as \u escapes (the same JSON value). */
const RAW_IN_JSON = /[\u007f-\u009f\p{Cf}\u2028\u2029]/gu;
const unitEscapes = (char: string): string => {
  let out = '';
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
};
export const terminalSafeJson = (value: unknown): string => JSON.stringify(value).replace(RAW_IN_JSON, unitEscapes);
