/**
 * An account's colours on its public capture page, made safe and readable: the server writes
 * them into the page's first HTML (CSS custom properties) and the page uses the same values.
 * Only #rgb / #rrggbb pass, so nothing else can reach a style sheet.
 */
/** The primary colour of an account that has not chosen one. */
export const DEFAULT_PRIMARY = '#1d4ed8';
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function channels(hex: string): [number, number, number] {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export interface BrandTheme {
  /** Buttons, the progress bar, the primary header link. */
  primary: string;
  /** Text on `primary`: black or white, whichever reads better. */
  onPrimary: string;
  /** Links and focus rings on white: the primary colour when it reads on white (4.5:1), else the default. */
  accent: string;
}

export function brandTheme(primaryColor: string | null | undefined): BrandTheme {
  const primary = primaryColor && HEX.test(primaryColor.trim()) ? primaryColor.trim().toLowerCase() : DEFAULT_PRIMARY;
  const onPrimary = contrast(primary, '#ffffff') >= contrast(primary, '#000000') ? '#ffffff' : '#000000';
  const accent = contrast(primary, '#ffffff') >= 4.5 ? primary : DEFAULT_PRIMARY;
  return { primary, onPrimary, accent };
}

/** The theme as CSS custom properties (for a style attribute or a :root rule). */
export function themeCss(theme: BrandTheme): string {
  return `--primary:${theme.primary};--on-primary:${theme.onPrimary};--accent:${theme.accent}`;
}
