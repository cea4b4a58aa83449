/**
 * Input options for every ffmpeg and ffprobe call: the input may be read only from
 * a local file or a pipe (never a network URL), and only by the demuxers of the containers fans
 * send (mp4/mov, webm/mkv). A crafted file that names other files or URLs (an HLS playlist, a
 * concat list) is then refused instead of followed. Goes before the input (`-i`).
 */
export const SAFE_INPUT = ['-protocol_whitelist', 'file,pipe', '-format_whitelist', 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm'] as const;
