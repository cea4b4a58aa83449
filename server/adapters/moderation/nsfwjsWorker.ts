import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { NSFWJS } from 'nsfwjs';
import type { ModerationLabel } from './types';
import { MEDIA_NICENESS } from '../media/lowPriority';

/** One classify call: square RGB pictures, `size` pixels a side, 3 bytes a pixel. */
export interface ModelRequest {
  id: number;
  size: number;
  images: Uint8Array[];
}

/** The labels of each picture, in the order asked, or why there are none. */
export type ModelAnswer = { id: number; labels: ModerationLabel[][] } | { id: number; error: string };

/** nsfwjs 4.3 (MobileNetV2, weights shipped in the package) on tfjs's WebAssembly backend: about a second to load. */
export async function loadModel(): Promise<NSFWJS> {
  const tf = await import('@tensorflow/tfjs');
  await import('@tensorflow/tfjs-backend-wasm');
  await tf.setBackend('wasm');
  await tf.ready();
  const { load } = await import('nsfwjs');
  return load('MobileNetV2');
}

/** The labels of each picture (also what a benchmark runs on its own thread, to compare). */
export async function classifyPixels(model: NSFWJS, { size, images }: Pick<ModelRequest, 'size' | 'images'>): Promise<ModerationLabel[][]> {
  const tf = await import('@tensorflow/tfjs');
  const perImage: ModerationLabel[][] = [];
  for (const pixels of images) {
    const input = tf.tensor3d(Int32Array.from(pixels), [size, size, 3], 'int32');
    try {
      const predictions = await model.classify(input, 5);
      perImage.push(predictions.map((p) => ({ name: p.className, confidence: p.probability })));
    } finally {
      input.dispose();
    }
  }
  return perImage;
}

/**
 * The model yields the CPU to the web thread as the encodes do: on a busy box a thread that
 * computes without pause otherwise takes its full share from the one answering requests. Linux
 * nices one thread when given its id (/proc/thread-self names it); elsewhere the thread keeps
 * the process's priority.
 */
function lowerThisThreadsPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(Number(path.basename(fs.readlinkSync('/proc/thread-self'))), MEDIA_NICENESS);
  } catch {
    // No /proc: the model runs at the process's priority.
  }
}

/**
 * The body of the moderation model's thread (started by nsfwjsThread.ts, called by
 * nsfwjsWorkerEntry.mjs): the model, loaded once when the thread starts, then one request at a
 * time in the order they came.
 */
export function serve(): void {
  const port = parentPort;
  if (!port) throw new Error('the moderation model serves from a worker thread');
  lowerThisThreadsPriority();
  const model = loadModel();
  // A model that cannot load ends the thread with its error: the calls waiting are rejected and
  // the next call starts a fresh thread, which tries again.
  model.catch((error: unknown) => {
    process.nextTick(() => {
      throw error;
    });
  });
  let previous: Promise<void> = Promise.resolve();
  port.on('message', (request: ModelRequest) => {
    previous = previous.then(async () => {
      let answer: ModelAnswer;
      try {
        answer = { id: request.id, labels: await classifyPixels(await model, request) };
      } catch (error) {
        answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(answer);
    });
  });
}
