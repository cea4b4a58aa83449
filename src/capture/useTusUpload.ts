import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload, type DetailedError, type UploadOptions } from 'tus-js-client';
import type { CapturePagePayload } from '#shared/domain/schemas/capture';
import { refusalOf, tokenHeaders, type Refusal } from './api';
import { fanText } from './fanText';

type UploadPhase = 'idle' | 'uploading' | 'retrying' | 'done' | 'failed';

export interface UploadState {
  phase: UploadPhase;
  fileName?: string;
  bytesSent: number;
  bytesTotal: number;
  /** Estimated from the speed of this session; undefined until there is a measure. */
  secondsLeft?: number;
  /** The tus upload's id (the last segment of its URL), once it exists. */
  uploadId?: string;
  /** Bytes that were already on the server when this session resumed an upload. */
  resumedFrom?: number;
  refusal?: Refusal;
}

const IDLE: UploadState = { phase: 'idle', bytesSent: 0, bytesTotal: 0 };
/** Network drops: try again at once, then back off up to half a minute, for about two minutes in all. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000, 30000];

/** A refusal to show, not a fault to retry: a 4xx but conflicts and locks, and the server's 507 (no room for more uploads now). */
function isClientRefusal(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return (status >= 400 && status < 500 && status !== 409 && status !== 423) || status === 507;
}

function refusalOfError(error: Error | DetailedError): Refusal {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return { message: fanText().m.file.connectionLost, errors: [] };
  let body: unknown;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    body = undefined;
  }
  return refusalOf(response.getStatus(), body);
}

/**
 * The resumable upload of the fan's file with tus: progress with time left, retries with
 * backoff on network drops, and resuming an upload a reload or a closed tab cut off (the
 * upload's URL is kept in localStorage under the file's fingerprint, so choosing the same
 * file again continues from the last byte the server has).
 */
export function useTusUpload(payload: CapturePagePayload, slugs: { accountSlug: string; pageSlug: string }) {
  const [state, setState] = useState<UploadState>(IDLE);
  const current = useRef<Upload | null>(null);
  const speed = useRef<{ startedAt: number; startBytes: number }>({ startedAt: 0, startBytes: 0 });

  useEffect(() => () => void current.current?.abort(false), []);

  const start = useCallback(
    (file: File) => {
      void current.current?.abort(false);
      const options: UploadOptions = {
        endpoint: payload.upload.endpoint,
        chunkSize: payload.upload.chunkSize,
        retryDelays: RETRY_DELAYS,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        metadata: { accountSlug: slugs.accountSlug, pageSlug: slugs.pageSlug, filename: file.name, filetype: file.type },
        // This browser's token: the server's limits count per browser, not per shared address.
        headers: tokenHeaders(payload),
        // The same file on another page is another upload.
        fingerprint: async (f: File) => ['capture', slugs.accountSlug, slugs.pageSlug, f.name, f.type, f.size, f.lastModified].join('|'),
        onShouldRetry: (error) => {
          if (isClientRefusal(error)) return false;
          setState((s) => ({ ...s, phase: 'retrying' }));
          return true;
        },
        onUploadUrlAvailable: () => {
          const uploadId = upload.url?.split('/').filter(Boolean).pop();
          setState((s) => ({ ...s, uploadId }));
        },
        onAfterResponse: (request, response) => {
          // A HEAD answers how much of a resumed upload the server already holds.
          if (request.getMethod() !== 'HEAD') return;
          const offset = Number(response.getHeader('Upload-Offset'));
          if (!Number.isFinite(offset)) return;
          speed.current = { startedAt: performance.now(), startBytes: offset };
          setState((s) => ({ ...s, resumedFrom: offset, bytesSent: offset }));
        },
        onProgress: (bytesSent, bytesTotal) => {
          const now = performance.now();
          const { startedAt, startBytes } = speed.current;
          const elapsed = (now - startedAt) / 1000;
          const rate = elapsed > 0.5 ? (bytesSent - startBytes) / elapsed : 0;
          const secondsLeft = rate > 0 ? Math.max(0, Math.round((bytesTotal - bytesSent) / rate)) : undefined;
          setState((s) => ({ ...s, phase: 'uploading', bytesSent, bytesTotal, secondsLeft }));
        },
        onSuccess: () => {
          const uploadId = upload.url?.split('/').filter(Boolean).pop();
          setState((s) => ({ ...s, phase: 'done', bytesSent: s.bytesTotal || file.size, secondsLeft: 0, uploadId }));
        },
        onError: (error) => setState((s) => ({ ...s, phase: 'failed', refusal: refusalOfError(error) })),
      };
      const upload = new Upload(file, options);
      current.current = upload;
      speed.current = { startedAt: performance.now(), startBytes: 0 };
      setState({ phase: 'uploading', fileName: file.name, bytesSent: 0, bytesTotal: file.size });
      void upload.findPreviousUploads().then((previous) => {
        if (current.current !== upload) return;
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
        upload.start();
      });
    },
    [payload, slugs.accountSlug, slugs.pageSlug],
  );

  const cancel = useCallback(() => {
    void current.current?.abort(true);
    current.current = null;
    setState(IDLE);
  }, []);

  /** A refusal found before any byte is sent (wrong kind, too large). */
  const refuse = useCallback((fileName: string, refusal: Refusal) => {
    void current.current?.abort(false);
    current.current = null;
    setState({ ...IDLE, phase: 'failed', fileName, refusal });
  }, []);

  return { state, start, cancel, refuse };
}
