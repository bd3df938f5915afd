/**
 * CSV export of what a report shows, built in the browser (RFC 4180: comma-separated, CRLF line
 * ends, fields quoted when they hold a comma, quote or line break). Cells that a spreadsheet would
 * read as a formula (=, +, -, @, tab, carriage return) are prefixed with an apostrophe.
 */

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  // Numbers are written as numbers (a negative count is not a formula).
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name safe on every system: `appointments-2026-01-01-to-2026-01-31.csv`. */
export function csvFileName(...parts: string[]): string {
  const stem = parts
    .map((part) =>
      part
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('-');
  return `${stem || 'export'}.csv`;
}

/** Saves `csv` as a file (a Blob URL and a temporary link; nothing leaves the browser). */
export function downloadCsv(fileName: string, csv: string): void {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
