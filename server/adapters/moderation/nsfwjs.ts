import { ModelThread } from './nsfwjsThread';
import { mergeLabels, type ModerationLabel, type ModerationProvider } from './types';

export const INPUT_SIZE = 224;

/** One model thread per process, whichever providers use it (the app's jobs, the demo's seed), so the model is loaded once. */
const modelThread = new ModelThread(new URL('./nsfwjsWorkerEntry.mjs', import.meta.url));

/** Ends the process's model thread, if it started (the app closing); a later call starts a new one. */
export function stopNsfwjsModel(): Promise<void> {
  return modelThread.stop();
}

/**
 * nsfwjs 4.3 (MobileNetV2, weights shipped in the package) on tfjs's WebAssembly backend, on
 * this machine, no key. The model runs in a worker thread of its own (nsfwjsWorker.ts), loaded
 * there on first use: an inference is a tenth of a second of CPU or more, and on the web process's event
 * loop it held every request that long. The pictures are decoded and resized here by sharp,
 * whose work already runs on libuv's threads, not the event loop; only 150 KB of pixels each
 * then move to the thread (transferred, not copied), and the thread holds nothing but the model.
 */
export class NsfwjsProvider implements ModerationProvider {
  readonly name = 'nsfwjs';
  readonly flaggedLabels = new Set(['Porn', 'Hentai', 'Sexy']);

  warm(): void {
    modelThread.warm();
  }

  async classify(imageFiles: string[]): Promise<ModerationLabel[]> {
    const images: Uint8Array<ArrayBuffer>[] = [];
    for (const file of imageFiles) images.push(await modelInput(file));
    return mergeLabels(await modelThread.classify(images, INPUT_SIZE));
  }
}

/** A picture as the model takes it: upright, INPUT_SIZE a side, RGB bytes. */
export async function modelInput(file: string): Promise<Uint8Array<ArrayBuffer>> {
  const { default: sharp } = await import('sharp');
  const pixels = await sharp(file).rotate().resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  // sharp's buffer is memory its native side owns, which postMessage copies rather than moves:
  // one copy here, then the thread takes it as it is.
  return new Uint8Array(pixels);
}
