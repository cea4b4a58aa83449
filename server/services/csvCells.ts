/**
 * CSV injection (OWASP): a spreadsheet runs a cell beginning with =, +, -, @, tab or carriage
 * return as a formula. Such text cells get a leading apostrophe, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A text field always quoted (as csv-stringify's `quoted` writes it): the export's cells, so one row reads like the next. */
export function quotedField(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}
