import type { RekognitionClient } from '@aws-sdk/client-rekognition';
import { mergeLabels, type ModerationLabel, type ModerationProvider } from './types';
import { optionalPackage } from '../../optionalPackages';

interface RekognitionConfig {
  region: string;
  /** A Rekognition-compatible endpoint (tests: a local server speaking DetectModerationLabels). */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Rekognition takes images up to 5 MB as bytes: a frame or photo is sent as a JPEG at most this wide. */
const MAX_SIDE = 1920;
/** Labels below this confidence (percent) are not returned. */
const MIN_CONFIDENCE = 40;

/**
 * AWS Rekognition DetectModerationLabels on each picture (the photo, or frames sampled from the
 * video). Confidences come back in percent and are kept from 0 to 1 like nsfwjs's. The top-level
 * categories of both taxonomy versions flag an upload once they reach the threshold.
 */
export class RekognitionProvider implements ModerationProvider {
  readonly name = 'rekognition';
  readonly flaggedLabels = new Set(['Explicit Nudity', 'Explicit', 'Violence', 'Graphic Violence', 'Visually Disturbing', 'Hate Symbols']);
  private readonly sdk = optionalPackage('@aws-sdk/client-rekognition');
  private readonly client: RekognitionClient;

  constructor(config: RekognitionConfig) {
    this.client = new this.sdk.RekognitionClient({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
      maxAttempts: 2,
    });
  }

  async classify(imageFiles: string[]): Promise<ModerationLabel[]> {
    const { default: sharp } = await import('sharp');
    const perImage: ModerationLabel[][] = [];
    for (const file of imageFiles) {
      const bytes = await sharp(file).rotate().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
      const answer = await this.client.send(new this.sdk.DetectModerationLabelsCommand({ Image: { Bytes: bytes }, MinConfidence: MIN_CONFIDENCE }));
      perImage.push((answer.ModerationLabels ?? []).filter((l) => l.Name).map((l) => ({ name: l.Name!, confidence: (l.Confidence ?? 0) / 100 })));
    }
    return mergeLabels(perImage);
  }
}
