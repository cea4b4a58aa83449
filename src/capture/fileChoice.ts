import { REFUSAL_MESSAGES, captureKindOf, sizeLabel, type CaptureKind } from '@shared/domain/capture';
import type { CapturePagePayload } from '@shared/domain/schemas/capture';
import type { Refusal } from './api';

/** The kind of a chosen file, or why it is refused before a byte is sent (the server checks again). */
export function checkFile(files: CapturePagePayload['files'], file: File): { kind: CaptureKind } | { refusal: Refusal } {
  const kind = captureKindOf(file.name, file.type);
  if (!kind) return { refusal: { reason: 'wrong-kind', message: REFUSAL_MESSAGES['wrong-kind'], errors: [] } };
  const limits = kind === 'image' ? files.image : files.video;
  if (!limits || !files.kinds.includes(kind)) {
    return { refusal: { reason: 'photos-not-on-plan', message: REFUSAL_MESSAGES['photos-not-on-plan'], errors: [] } };
  }
  if (file.size > limits.maxBytes) {
    const what = kind === 'image' ? 'Photos' : 'Videos';
    return { refusal: { reason: 'too-large', message: `${REFUSAL_MESSAGES['too-large']} ${what} can be at most ${sizeLabel(limits.maxBytes)}.`, errors: [] } };
  }
  if (file.size === 0) return { refusal: { reason: 'wrong-kind', message: 'This file is empty.', errors: [] } };
  return { kind };
}

/** "2 min 5 s left", "12 s left". */
export function timeLeftLabel(seconds: number | undefined): string {
  if (seconds === undefined) return 'Estimating time left…';
  if (seconds < 60) return `${seconds} s left`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s left`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}
