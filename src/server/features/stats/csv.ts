// CSV for people who open it in a spreadsheet (RFC 4180: comma-separated, CRLF line ends, fields
// with a comma, quote or line break quoted, quotes doubled). A cell that starts with = + - @ (or
// a tab or carriage return, which some spreadsheets skip before looking) would be read as a
// formula: such a cell gets a leading apostrophe, OWASP's advice against CSV injection, and is
// quoted so the apostrophe stays part of the text (decision 012).

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell, safe to open in a spreadsheet. */
export function csvCell(value: string): string {
  const formula = FORMULA_START.test(value);
  const text = formula ? `'${value}` : value;
  return formula || NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document: a header row and the rows, each line ended with CRLF. */
export function toCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}
