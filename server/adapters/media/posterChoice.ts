import { POSTER_CANDIDATES_KEPT as POSTERS_KEPT } from '#shared/domain/constants';

export { POSTERS_KEPT };

/** Greyscale mean below which a frame is black (a lens cap, a fade in), above which washed out. */
const DARKEST = 24;
const BRIGHTEST = 235;
/** A frame this even (standard deviation of its grey levels, or their entropy in bits) is flat: a wall, a sky, a blank title. */
const FLATTEST_STDEV = 10;
const FLATTEST_ENTROPY = 2.5;
/** A frame less sharp than this share of the clip's sharpest candidate is blurred (motion, focus hunting). */
const BLURRED_SHARE = 0.35;

/** What sharp's stats say of a candidate frame, in grey levels. */
export interface FrameLook {
  file: string;
  mean: number;
  stdev: number;
  entropy: number;
  /** The standard deviation of a Laplacian convolution (sharp's estimate): edges make it high, blur low. */
  sharpness: number;
}

async function lookOf(file: string): Promise<FrameLook> {
  // Loaded on the first clip: an API process that runs no media job never holds it.
  const { default: sharp } = await import('sharp');
  const stats = await sharp(file).greyscale().stats();
  const [grey] = stats.channels;
  return { file, mean: grey.mean, stdev: grey.stdev, entropy: stats.entropy, sharpness: stats.sharpness };
}

/** Neither black, washed out nor flat. */
const showsSomething = (look: FrameLook) => look.mean >= DARKEST && look.mean <= BRIGHTEST && look.stdev >= FLATTEST_STDEV && look.entropy >= FLATTEST_ENTROPY;

/** Sharpness, less for a frame far from mid-grey (dim or glaring). */
const score = (look: FrameLook) => look.sharpness * (1 - Math.abs(look.mean - 128) / 256);

/**
 * The candidates best fit to be the poster, best first, at most POSTERS_KEPT: frames that show
 * something and are not blurred beside the clip's sharpest, by sharpness and light. A clip
 * with no such frame (dark throughout, out of focus throughout) still gets its best ones.
 */
export async function choosePosters(files: string[]): Promise<FrameLook[]> {
  const looks = await Promise.all(files.map(lookOf));
  const sharpest = Math.max(0, ...looks.filter(showsSomething).map((look) => look.sharpness));
  const fit = (look: FrameLook) => showsSomething(look) && look.sharpness >= sharpest * BLURRED_SHARE;
  const ranked = [...looks].sort((a, b) => Number(fit(b)) - Number(fit(a)) || Number(showsSomething(b)) - Number(showsSomething(a)) || score(b) - score(a));
  return ranked.slice(0, POSTERS_KEPT);
}

/** A chosen candidate as it is stored and served: a small JPEG of its pixels alone (sharp writes no metadata unless asked). */
export async function writePoster(candidate: string, output: string): Promise<void> {
  const { default: sharp } = await import('sharp');
  await sharp(candidate).jpeg({ quality: 78, mozjpeg: true }).toFile(output);
}
