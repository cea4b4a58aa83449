/**
 * CSV injection (OWASP): a spreadsheet runs a cell beginning with =, +, -, @, tab or carriage
 * return as a formula. Such text cells get a leading apostrophe, which spreadsheets show as text.
 */
const FORMULA_CHARACTERS = '=+\\-@\\t\\r';
const FORMULA_START = new RegExp(`^[${FORMULA_CHARACTERS}]`);
/** The start of a quoted cell, in a line of quoted cells, that begins like a formula. */
const QUOTED_FORMULA_START = new RegExp(`(?:^|",)"[${FORMULA_CHARACTERS}]`, 'g');

export function neutralizeCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A text field always quoted (as csv-stringify's `quoted` writes it): the export's cells, so one row reads like the next. */
export function quotedField(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

/**
 * neutralizeCell on a line of quoted cells that hold no quote inside (`"a","b",...`): a ' before
 * each cell that begins like a formula, in one pass (phone numbers often do).
 */
export function neutralizeQuotedCells(cells: string): string {
  QUOTED_FORMULA_START.lastIndex = 0;
  let match = QUOTED_FORMULA_START.exec(cells);
  if (!match) return cells;
  let out = '';
  let from = 0;
  for (; match; match = QUOTED_FORMULA_START.exec(cells)) {
    const formula = match.index + match[0].length - 1;
    out += `${cells.slice(from, formula)}'`;
    from = formula;
  }
  return out + cells.slice(from);
}
