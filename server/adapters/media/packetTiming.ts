/** What a copy of the video stream keeps as it is: its packets' timestamps, summed up. */
export interface PacketTiming {
  frames: number;
  /** Seconds: the first frame's presentation time. */
  firstPts: number;
  /** Seconds between the last frame's presentation and the first's. */
  span: number;
  /** The longest and the usual wait between two frames in presentation order, in seconds. */
  maxGap: number;
  medianGap: number;
  /** Every packet has its times and the decode times only go forward. */
  ordered: boolean;
  /** Seconds: the presentation times of the keyframes, the frames that decode alone. */
  keyframes: number[];
}

/** One packet as ffprobe prints it: times in seconds as text ('' or 'N/A' when unknown), flags ('K' first for a keyframe). */
export interface PacketTimes {
  pts?: string;
  dts?: string;
  flags?: string;
}

/** Summarises `pts,dts,flags` lines; undefined when there is no frame. */
export function summariseTiming(lines: string[]): PacketTiming | undefined {
  return summarisePackets(
    lines
      .filter((line) => line.trim())
      .map((line) => {
        const [pts, dts, flags] = line.split(',');
        return { pts, dts, flags };
      }),
  );
}

/** Summarises the video stream's packets, in file order; undefined when there is no frame. */
export function summarisePackets(packets: PacketTimes[]): PacketTiming | undefined {
  const pts: number[] = [];
  const keyframes: number[] = [];
  let ordered = true;
  let lastDts = -Infinity;
  const seconds = (text: string | undefined) => (text === undefined || text === '' || text === 'N/A' ? NaN : Number(text));
  for (const packet of packets) {
    const [p, d] = [seconds(packet.pts), seconds(packet.dts)];
    if (!Number.isFinite(p) || !Number.isFinite(d) || d <= lastDts) ordered = false;
    if (Number.isFinite(d)) lastDts = Math.max(lastDts, d);
    if (!Number.isFinite(p)) continue;
    pts.push(p);
    if (packet.flags?.startsWith('K')) keyframes.push(p);
  }
  if (pts.length === 0) return undefined;
  pts.sort((a, b) => a - b);
  const gaps = pts.slice(1).map((p, i) => p - pts[i]);
  const sorted = [...gaps].sort((a, b) => a - b);
  return {
    frames: pts.length,
    firstPts: pts[0],
    span: pts.at(-1)! - pts[0],
    maxGap: sorted.at(-1) ?? 0,
    medianGap: sorted[Math.floor(sorted.length / 2)] ?? 0,
    ordered,
    keyframes: keyframes.sort((a, b) => a - b),
  };
}
