/**
 * CSV injection (OWASP): a spreadsheet runs a cell beginning with =, +, -, @, tab or carriage
 * return as a formula. Such text cells get a leading apostrophe, which spreadsheets show as text.
 * CSV writers pass it to csv-stringify as its `cast` of strings.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}
