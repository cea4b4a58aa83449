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
  /** The file pickers (Choose, Record) when the account chose a secondary colour; null keeps them neutral. */
  secondary: string | null;
  /** Text on `secondary`. */
  onSecondary: string;
}

/** The file pickers of an account without a secondary colour: a dashed grey outline on near-white. */
export const NEUTRAL_PICKER = { background: '#f8fafc', border: '#8c959f' } as const;

const safeHex = (color: string | null | undefined) => (color && HEX.test(color.trim()) ? color.trim().toLowerCase() : null);
const textOn = (background: string) => (contrast(background, '#ffffff') >= contrast(background, '#000000') ? '#ffffff' : '#000000');

export function brandTheme(primaryColor: string | null | undefined, secondaryColor?: string | null): BrandTheme {
  const primary = safeHex(primaryColor) ?? DEFAULT_PRIMARY;
  const accent = contrast(primary, '#ffffff') >= 4.5 ? primary : DEFAULT_PRIMARY;
  const secondary = safeHex(secondaryColor);
  return { primary, onPrimary: textOn(primary), accent, secondary, onSecondary: secondary ? textOn(secondary) : '#000000' };
}

/** The theme as CSS custom properties (for a style attribute or a :root rule); no secondary colour, no --secondary. */
export function themeCss(theme: BrandTheme): string {
  const secondary = theme.secondary ? `;--secondary:${theme.secondary};--on-secondary:${theme.onSecondary}` : '';
  return `--primary:${theme.primary};--on-primary:${theme.onPrimary};--accent:${theme.accent}${secondary}`;
}
