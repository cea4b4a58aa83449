/**
 * The pictures a reel draws over its video, made by sharp from SVG so no font has to be found by
 * ffmpeg: the opening and closing cards (the account's name, its logo and colours) and a fan's
 * handle as a small credit.
 */

export interface CardBranding {
  name: string;
  /** A local copy of the account's logo, if it has one. */
  logo?: string;
  primaryColor?: string | null;
  secondaryColor?: string | null;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

// Colours are the configuration's #rgb / #rrggbb; anything else falls back to the defaults.
const colourOr = (value: string | null | undefined, fallback: string) => (value && /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(value) ? value : fallback);

async function sharpOf() {
  // Loaded on the first card: a process that never renders a reel never holds it.
  return (await import('sharp')).default;
}

/** A card of the shape's size: the account's colour, its logo above its name, centred. */
export async function makeCard(file: string, width: number, height: number, branding: CardBranding): Promise<void> {
  const sharp = await sharpOf();
  // Not near black: a card must not read as a black gap in the reel.
  const background = colourOr(branding.primaryColor, '#2b3a67');
  const text = colourOr(branding.secondaryColor, '#ffffff');
  const fontSize = Math.round(Math.min(width, height) * 0.08);
  const logoBox = { width: Math.round(width * 0.4), height: Math.round(height * 0.2) };
  const textY = branding.logo ? Math.round(height * 0.62) : Math.round(height / 2 + fontSize / 3);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="${background}"/>` +
    `<text x="50%" y="${textY}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="${fontSize}" fill="${text}">${escapeXml(branding.name)}</text>` +
    `</svg>`;
  const layers = [];
  if (branding.logo) {
    try {
      const logo = await sharp(branding.logo)
        .resize({ ...logoBox, fit: 'inside' })
        .png()
        .toBuffer({ resolveWithObject: true });
      layers.push({ input: logo.data, left: Math.round((width - logo.info.width) / 2), top: Math.round(height * 0.45 - logo.info.height) });
    } catch {
      // A logo sharp cannot read leaves the card with the name alone.
    }
  }
  await sharp(Buffer.from(svg)).composite(layers).png().toFile(file);
}

/** A fan's handle ('@name') on a dark, half-clear plate, sized for 1080-pixel video at scale 1. */
export async function makeCredit(file: string, handle: string, scale = 1): Promise<void> {
  const sharp = await sharpOf();
  const label = escapeXml(handle);
  const fontSize = Math.round(34 * scale);
  const width = Math.min(Math.round(900 * scale), Math.round((48 + label.length * 34 * 0.6) * scale));
  const height = Math.round(64 * scale);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" rx="${Math.round(14 * scale)}" fill="#000000" fill-opacity="0.6"/>` +
    `<text x="${Math.round(24 * scale)}" y="${Math.round(height / 2 + fontSize / 3)}" font-family="sans-serif" font-size="${fontSize}" fill="#ffffff">${label}</text>` +
    `</svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

/** The handle a fan gave, as credited: Instagram's first, else TikTok's; none when they gave none. */
export function handleOf(fan: { instagram: string | null; tiktok: string | null }): string | undefined {
  const handle = (fan.instagram ?? '').trim() || (fan.tiktok ?? '').trim();
  return handle ? `@${handle.replace(/^@+/, '')}` : undefined;
}
