/** Numbers on the Insights home: thousands separators, two decimals when fractional. */
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fractional = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return Number.isInteger(value) ? whole.format(value) : fractional.format(value);
}

/** A change in percent with its sign: +12.50%, -3%, 0%. */
export function formatChange(value: number): string {
  return `${value > 0 ? '+' : ''}${formatNumber(value)}%`;
}

/** mm/dd/yy, the console's date format (spec section 5), of a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(2, 4)}`;
}

const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : undefined;

/** A country's English name from its ISO alpha-2 code. */
export function countryName(code: string): string {
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}
