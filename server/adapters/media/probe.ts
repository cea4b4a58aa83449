import { runTool } from './run';

export interface MediaProbe {
  /** Seconds. */
  duration: number;
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

/** Duration, codecs, dimensions and rotation of a media file, by ffprobe. */
export async function probeMedia(ffprobe: string, file: string, signal?: AbortSignal): Promise<MediaProbe> {
  const json = await runTool(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], signal);
  const parsed = JSON.parse(json) as { format?: { duration?: string; format_name?: string }; streams?: FfprobeStream[] };
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.width && s.height);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(parsed.format?.duration ?? video?.duration ?? 0);
  return {
    duration: Number.isFinite(duration) ? duration : 0,
    container: parsed.format?.format_name ?? '',
    video: video ? { codec: video.codec_name ?? '', width: video.width!, height: video.height!, rotation: rotationOf(video) } : undefined,
    audio: audio ? { codec: audio.codec_name ?? '' } : undefined,
  };
}
