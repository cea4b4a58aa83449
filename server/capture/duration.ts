import type { CaptureContentType } from '#shared/domain/capture';
import type { ReadAt } from './container';

/**
 * How long a fan's clip is at least, from its container's headers, read at submission so a
 * clip over the limit is refused while the fan is still on the page. Reads a few
 * headers and, for a webm with no duration (a live recording), its last cluster; never the
 * whole file. undefined when the headers do not tell: the pipeline measures such a clip.
 */
export async function clipSecondsAtLeast(read: ReadAt, size: number, type: CaptureContentType): Promise<number | undefined> {
  if (type === 'video/mp4' || type === 'video/quicktime') return movieSeconds(read, size);
  if (type === 'video/webm') return webmSeconds(read, size);
  return undefined;
}

const fourcc = (bytes: Buffer, at: number) => bytes.subarray(at, at + 4).toString('latin1');

/** ISO base media: the movie header (moov/mvhd) states a timescale and a duration in it. */
async function movieSeconds(read: ReadAt, size: number): Promise<number | undefined> {
  let position = 0;
  for (let count = 0; position + 8 <= size && count < 1000; count++) {
    const header = await read(position, 16);
    if (header.length < 8) return undefined;
    let boxSize = header.readUInt32BE(0);
    let headerSize = 8;
    if (boxSize === 1) {
      if (header.length < 16) return undefined;
      boxSize = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) {
      boxSize = size - position;
    }
    if (boxSize < headerSize) return undefined;
    if (fourcc(header, 4) === 'moov') {
      // mvhd comes first in moov as phones and ffmpeg write it; anything else: the pipeline decides.
      const mvhd = await read(position + headerSize, 40);
      if (mvhd.length < 40 || fourcc(mvhd, 4) !== 'mvhd') return undefined;
      const v1 = mvhd[8] === 1;
      const timescale = mvhd.readUInt32BE(v1 ? 28 : 20);
      const duration = v1 ? Number(mvhd.readBigUInt64BE(32)) : mvhd.readUInt32BE(24);
      // All ones: unknown; zero: a fragmented movie (its fragments say). Neither tells.
      const unknown = v1 ? mvhd.readBigUInt64BE(32) === 0xffffffffffffffffn : duration === 0xffffffff;
      return timescale > 0 && duration > 0 && !unknown ? duration / timescale : undefined;
    }
    position += boxSize;
  }
  return undefined;
}

const EBML = { segment: 0x18538067, info: 0x1549a966, timecodeScale: 0x2ad7b1, duration: 0x4489, cluster: 0x1f43b675, timecode: 0xe7 };
const CLUSTER_ID = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);
/** How far from the end the last cluster is looked for (a cluster of a phone's recording is a few seconds). */
const TAIL_BYTES = 4 * 1024 * 1024;

/** An EBML element id (its length marker kept) at `at`. */
function elementId(bytes: Buffer, at: number): { id: number; length: number } | undefined {
  const first = bytes[at];
  if (first === undefined || first < 0x10) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return undefined;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + bytes[at + i];
  return { id, length };
}

/** An EBML size at `at`: its length and value (undefined value when all ones: unknown size). */
export function elementSize(bytes: Buffer, at: number): { length: number; value: number | undefined } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return undefined;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i];
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  return { length, value: allOnes ? undefined : value };
}

const unsigned = (bytes: Buffer) => bytes.reduce((value, byte) => value * 256 + byte, 0);

/**
 * WebM: the Segment's Info states a Duration in timecode-scale units. A live recording has
 * none: then the timecode of the last cluster (where its last seconds start) is a lower bound.
 */
async function webmSeconds(read: ReadAt, size: number): Promise<number | undefined> {
  const head = await read(0, 64);
  const headerSize = elementSize(head, 4);
  if (!headerSize?.value) return undefined;
  const segmentAt = 4 + headerSize.length + headerSize.value;
  const segment = await read(segmentAt, 12);
  if (segment.length < 12 || segment.readUInt32BE(0) !== EBML.segment) return undefined;
  const segmentSize = elementSize(segment, 4);
  if (!segmentSize) return undefined;

  // The Segment's first elements (SeekHead, Void, Info, Tracks), up to the first cluster.
  let scale = 1_000_000;
  let duration: number | undefined;
  let position = segmentAt + 4 + segmentSize.length;
  for (let count = 0; count < 32 && position < size; count++) {
    const header = await read(position, 12);
    const id = elementId(header, 0);
    const length = id && elementSize(header, id.length);
    if (!id || !length || length.value === undefined || id.id === EBML.cluster) break;
    const dataAt = position + id.length + length.length;
    if (id.id === EBML.info && length.value <= 64 * 1024) {
      const info = await read(dataAt, length.value);
      for (let at = 0; at < info.length;) {
        const child = elementId(info, at);
        const childSize = child && elementSize(info, at + child.length);
        if (!child || !childSize || childSize.value === undefined) break;
        const value = info.subarray(at + child.length + childSize.length, at + child.length + childSize.length + childSize.value);
        if (child.id === EBML.timecodeScale) scale = unsigned(value);
        if (child.id === EBML.duration) duration = value.length === 4 ? value.readFloatBE(0) : value.length === 8 ? value.readDoubleBE(0) : undefined;
        at += child.length + childSize.length + childSize.value;
      }
      break;
    }
    position = dataAt + length.value;
  }
  if (duration !== undefined && Number.isFinite(duration) && duration > 0) return (duration * scale) / 1e9;

  // No duration: the last cluster whose first child is its Timecode.
  const tailAt = Math.max(0, size - TAIL_BYTES);
  const tail = await read(tailAt, size - tailAt);
  for (let at = tail.lastIndexOf(CLUSTER_ID); at >= 0; at = at > 0 ? tail.lastIndexOf(CLUSTER_ID, at - 1) : -1) {
    const clusterSize = elementSize(tail, at + 4);
    if (!clusterSize) continue;
    const timecodeAt = at + 4 + clusterSize.length;
    const timecodeSize = tail[timecodeAt] === EBML.timecode ? elementSize(tail, timecodeAt + 1) : undefined;
    if (!timecodeSize?.value || timecodeSize.value > 8) continue;
    const start = timecodeAt + 1 + timecodeSize.length;
    if (start + timecodeSize.value > tail.length) continue;
    return (unsigned(tail.subarray(start, start + timecodeSize.value)) * scale) / 1e9;
  }
  return undefined;
}
