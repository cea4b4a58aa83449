import { captureKindOf, type CaptureKind } from '#shared/domain/capture';
import type { CapturePagePayload } from '#shared/domain/schemas/capture';
import type { Refusal } from './api';
import { fanText } from './fanText';

/** The kind of a chosen file, or why it is refused before a byte is sent (the server checks again). */
export function checkFile(files: CapturePagePayload['files'], file: File): { kind: CaptureKind } | { refusal: Refusal } {
  const { m, f, size } = fanText();
  const kind = captureKindOf(file.name, file.type);
  if (!kind) return { refusal: { reason: 'wrong-kind', message: m.refusal['wrong-kind'], errors: [] } };
  const limits = kind === 'image' ? files.image : files.video;
  if (!limits || !files.kinds.includes(kind)) {
    return { refusal: { reason: 'photos-not-on-plan', message: m.refusal['photos-not-on-plan'], errors: [] } };
  }
  if (file.size > limits.maxBytes) {
    const most = f(kind === 'image' ? m.file.photoMax : m.file.videoMax, { size: size(limits.maxBytes) });
    return { refusal: { reason: 'too-large', message: `${m.refusal['too-large']} ${most}`, errors: [] } };
  }
  if (file.size === 0) return { refusal: { reason: 'wrong-kind', message: m.file.empty, errors: [] } };
  return { kind };
}

/** "2 min 5 s left", "12 s left", in the fan's language. */
export function timeLeftLabel(seconds: number | undefined): string {
  const { m, f } = fanText();
  if (seconds === undefined) return m.file.estimating;
  if (seconds < 60) return f(m.file.secondsLeft, { s: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return f(m.file.minutesLeft, { m: minutes, s: seconds % 60 });
  return f(m.file.hoursLeft, { h: Math.floor(minutes / 60), m: minutes % 60 });
}
