import type { NSFWJS } from 'nsfwjs';
import { mergeLabels, type ModerationLabel, type ModerationProvider } from './types';

const INPUT_SIZE = 224;

let model: Promise<NSFWJS> | undefined;

/** The model loads once per process (about a second with the WebAssembly backend), on first use. */
function loadModel(): Promise<NSFWJS> {
  model ??= (async () => {
    const tf = await import('@tensorflow/tfjs');
    await import('@tensorflow/tfjs-backend-wasm');
    await tf.setBackend('wasm');
    await tf.ready();
    const { load } = await import('nsfwjs');
    return load('MobileNetV2');
  })();
  model.catch(() => {
    model = undefined;
  });
  return model;
}

/** nsfwjs 4.3 (MobileNetV2, weights shipped in the package) on tfjs's WebAssembly backend: runs here, no key. */
export class NsfwjsProvider implements ModerationProvider {
  readonly name = 'nsfwjs';
  readonly flaggedLabels = new Set(['Porn', 'Hentai', 'Sexy']);

  async classify(imageFiles: string[]): Promise<ModerationLabel[]> {
    const nsfw = await loadModel();
    const tf = await import('@tensorflow/tfjs');
    const { default: sharp } = await import('sharp');
    const perImage: ModerationLabel[][] = [];
    for (const file of imageFiles) {
      const { data } = await sharp(file).rotate().resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const input = tf.tensor3d(new Int32Array(data), [INPUT_SIZE, INPUT_SIZE, 3], 'int32');
      try {
        const predictions = await nsfw.classify(input, 5);
        perImage.push(predictions.map((p) => ({ name: p.className, confidence: p.probability })));
      } finally {
        input.dispose();
      }
    }
    return mergeLabels(perImage);
  }
}
