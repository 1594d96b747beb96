/**
 * CSV for spreadsheets (RFC 4180): a cell with a comma, quote or line break is quoted, quotes
 * doubled. A cell starting with = + - @ (or a tab or carriage return, which some programs skip
 * before looking) is prefixed with ' so a spreadsheet shows it as text instead of running it
 * as a formula (CSV injection: an address like "=HYPERLINK(...)@x.com" is valid input).
 */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows to CSV text, CRLF line ends, with a header row. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
