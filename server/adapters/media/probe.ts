import { runTool } from './run';
import { SAFE_INPUT } from './safeInput';
import { summarisePackets, type PacketTiming } from './packetTiming';

export interface MediaProbe {
  /** Seconds. */
  duration: number;
  /** True when the container did not say its length and its packets were read only until past the limit: the clip is longer than `duration`. */
  durationAtLeast?: boolean;
  /** Seconds: where the file's timestamps start (ffmpeg's -ss counts from here). */
  startTime?: number;
  container: string;
  video?: VideoProbe;
  audio?: { codec: string; profile?: string };
}

export interface VideoProbe {
  codec: string;
  width: number;
  height: number;
  rotation: number;
  /** What a remux depends on; absent when ffprobe did not say. */
  profile?: string;
  codecTag?: string;
  pixFmt?: string;
  bitDepth?: number;
  /** Bits a second, the stream's own or else the whole file's. */
  bitRate?: number;
  /** Frames a second: the average over the clip, and the base rate ffprobe guesses from its timestamps. */
  avgFrameRate?: number;
  baseFrameRate?: number;
}

interface FfprobeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  codec_tag_string?: string;
  profile?: string;
  pix_fmt?: string;
  bits_per_raw_sample?: string;
  bit_rate?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  width?: number;
  height?: number;
  duration?: string;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number | string }[];
}

/** Rotation in degrees clockwise, one of 0, 90, 180, 270: the old `rotate` tag or a display matrix. */
function rotationOf(stream: FfprobeStream): number {
  const fromMatrix = stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  // A display matrix states the counter-clockwise angle; the tag the clockwise one.
  const degrees = fromMatrix !== undefined ? -Number(fromMatrix) : Number(stream.tags?.rotate ?? 0);
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

/** A number ffprobe printed (a count, or a rate as "30000/1001"); undefined for none, "N/A" or "0/0". */
function numberOf(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const [num, den = '1'] = text.split('/');
  const value = Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function videoOf(stream: FfprobeStream, fileBitRate: string | undefined): VideoProbe {
  const said = {
    profile: stream.profile,
    codecTag: stream.codec_tag_string,
    pixFmt: stream.pix_fmt,
    // A 10-bit format names its depth ("yuv420p10le") where the stream does not.
    bitDepth: numberOf(stream.bits_per_raw_sample) ?? (stream.pix_fmt ? Number(/p(\d+)(?:le|be)$/.exec(stream.pix_fmt)?.[1] ?? 8) : undefined),
    bitRate: numberOf(stream.bit_rate) ?? numberOf(fileBitRate),
    avgFrameRate: numberOf(stream.avg_frame_rate),
    baseFrameRate: numberOf(stream.r_frame_rate),
  };
  const known = Object.fromEntries(Object.entries(said).filter(([, value]) => value !== undefined));
  return { codec: stream.codec_name ?? '', width: stream.width!, height: stream.height!, rotation: rotationOf(stream), ...known };
}

interface FfprobeAnswer {
  format?: { duration?: string; start_time?: string; format_name?: string; bit_rate?: string };
  streams?: FfprobeStream[];
  packets?: { stream_index?: number; pts_time?: string; dts_time?: string; flags?: string }[];
}

const PROBE_ARGS = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'];

/**
 * Duration, codecs (with what a remux depends on), dimensions and rotation of a media file, by ffprobe. A container that does
 * not state its length (a live-recorded webm) is measured from its packets, reading no further
 * than `measureUpTo` seconds: a longer clip answers some duration past it.
 */
export async function probeMedia(ffprobe: string, file: string, signal?: AbortSignal, measureUpTo = Infinity): Promise<MediaProbe> {
  const answer = JSON.parse(await runTool(ffprobe, [...SAFE_INPUT, ...PROBE_ARGS, file], signal)) as FfprobeAnswer;
  return (await probed(answer, ffprobe, file, signal, measureUpTo)).probe;
}

/**
 * probeMedia and the video packets' times (packetTiming) from one ffprobe run: each run of
 * Debian's ffprobe costs a few tenths of a CPU second before it reads a byte (its libraries) and
 * again for the frames it decodes to learn the streams, as much as the whole packet listing.
 * Timing is undefined when the packets cannot be listed: probeMedia alone answers then.
 */
export async function probeClip(
  ffprobe: string,
  file: string,
  signal?: AbortSignal,
  measureUpTo = Infinity,
): Promise<{ probe: MediaProbe; timing?: PacketTiming }> {
  let json: string;
  try {
    json = await runTool(ffprobe, [...SAFE_INPUT, ...PROBE_ARGS, '-show_entries', 'packet=stream_index,pts_time,dts_time,flags', file], signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return { probe: await probeMedia(ffprobe, file, signal, measureUpTo) };
  }
  return probed(JSON.parse(json) as FfprobeAnswer, ffprobe, file, signal, measureUpTo);
}

async function probed(answer: FfprobeAnswer, ffprobe: string, file: string, signal: AbortSignal | undefined, measureUpTo: number) {
  const streams = answer.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.width && s.height);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const stated = Number(answer.format?.duration ?? video?.duration ?? 0);
  const startTime = Number(answer.format?.start_time);
  const duration = Number.isFinite(stated) && stated > 0 ? stated : await packetsDuration(ffprobe, file, signal, measureUpTo);
  const probe: MediaProbe = {
    duration,
    ...(duration === stated || duration <= measureUpTo ? {} : { durationAtLeast: true }),
    ...(Number.isFinite(startTime) ? { startTime } : {}),
    container: answer.format?.format_name ?? '',
    video: video ? videoOf(video, answer.format?.bit_rate) : undefined,
    audio: audio ? { codec: audio.codec_name ?? '', ...(audio.profile ? { profile: audio.profile } : {}) } : undefined,
  };
  const packets = answer.packets?.filter((packet) => video && packet.stream_index === video.index);
  const timing = packets && summarisePackets(packets.map((packet) => ({ pts: packet.pts_time, dts: packet.dts_time, flags: packet.flags })));
  return { probe, timing };
}

/**
 * From the first packet's start to the last one's end, in seconds, reading packets without
 * decoding them; stops once past `upTo`. 0 when no packet has a time.
 */
async function packetsDuration(ffprobe: string, file: string, signal?: AbortSignal, upTo = Infinity): Promise<number> {
  let first = Infinity;
  let last = -Infinity;
  let rest = '';
  const read = (text: string) => {
    const lines = (rest + text).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const [pts, duration] = line.split(',').map(Number);
      if (!Number.isFinite(pts)) continue;
      first = Math.min(first, pts);
      last = Math.max(last, pts + (Number.isFinite(duration) ? duration : 0));
    }
    return last - first > upTo;
  };
  await runTool(ffprobe, [...SAFE_INPUT, '-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file], signal, read);
  read('\n');
  return last > first ? last - first : 0;
}
