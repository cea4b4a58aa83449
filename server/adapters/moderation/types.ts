/** One thing a moderation model saw, with its confidence from 0 to 1. */
export interface ModerationLabel {
  name: string;
  confidence: number;
}

/** Classifies pictures (a photo, or frames sampled from a video). */
export interface ModerationProvider {
  readonly name: string;
  /** Labels over all the images: each label with its highest confidence in any of them. */
  classify(imageFiles: string[]): Promise<ModerationLabel[]>;
  /** Starts loading what classify needs (a local model) without waiting, so a verdict asked for soon does not wait for the load. */
  warm?(): void;
  /** The labels that make an upload not allowed once their confidence reaches the threshold. */
  readonly flaggedLabels: ReadonlySet<string>;
}

/** Allowed unless a flagged label reaches the threshold. */
export function isAllowedBy(provider: Pick<ModerationProvider, 'flaggedLabels'>, labels: ModerationLabel[], threshold: number): boolean {
  return !labels.some((label) => provider.flaggedLabels.has(label.name) && label.confidence >= threshold);
}

/** Highest confidence per label name, most confident first. */
export function mergeLabels(perImage: ModerationLabel[][]): ModerationLabel[] {
  const best = new Map<string, number>();
  for (const labels of perImage) for (const { name, confidence } of labels) best.set(name, Math.max(confidence, best.get(name) ?? 0));
  return [...best].map(([name, confidence]) => ({ name, confidence })).sort((a, b) => b.confidence - a.confidence);
}
