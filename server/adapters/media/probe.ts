import { runTool } from './run';
import { SAFE_INPUT } from './safeInput';

export interface MediaProbe {
  /** Seconds. */
  duration: number;
  /** True when the container did not say its length and its packets were read only until past the limit: the clip is longer than `duration`. */
  durationAtLeast?: boolean;
  container: string;
  video?: { codec: string; width: number; height: number; rotation: number };
  audio?: { codec: string };
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
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
  return ((Math.round(degrees / 90) * 90) % 360 + 360) % 360;
}

/**
 * Duration, codecs, dimensions and rotation of a media file, by ffprobe. A container that does
 * not state its length (a live-recorded webm) is measured from its packets, reading no further
 * than `measureUpTo` seconds: a longer clip answers some duration past it.
 */
export async function probeMedia(ffprobe: string, file: string, signal?: AbortSignal, measureUpTo = Infinity): Promise<MediaProbe> {
  const json = await runTool(ffprobe, [...SAFE_INPUT, '-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], signal);
  const parsed = JSON.parse(json) as { format?: { duration?: string; format_name?: string }; streams?: FfprobeStream[] };
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.width && s.height);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const stated = Number(parsed.format?.duration ?? video?.duration ?? 0);
  const duration = Number.isFinite(stated) && stated > 0 ? stated : await packetsDuration(ffprobe, file, signal, measureUpTo);
  return {
    duration,
    ...(duration === stated || duration <= measureUpTo ? {} : { durationAtLeast: true }),
    container: parsed.format?.format_name ?? '',
    video: video ? { codec: video.codec_name ?? '', width: video.width!, height: video.height!, rotation: rotationOf(video) } : undefined,
    audio: audio ? { codec: audio.codec_name ?? '' } : undefined,
  };
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
