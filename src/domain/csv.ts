// CSV (RFC 4180): fields joined by commas, records by CRLF, a field quoted when it holds a comma,
// quote, CR or LF, quotes doubled. Cells that a spreadsheet would run as a formula (starting with
// = + - @, or a tab / CR that some spreadsheets skip before one) get a leading apostrophe.

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF: numbers written as they are (a negative amount stays a number), strings neutralised. */
export function csvRecord(row: readonly (string | number | null)[]): string {
  return `${row.map(csvField).join(',')}\r\n`;
}
