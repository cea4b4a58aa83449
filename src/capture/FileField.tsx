import { acceptAttribute } from '#shared/domain/capture';
import type { CapturePagePayload } from '#shared/domain/schemas/capture';
import { timeLeftLabel } from './fileChoice';
import type { UploadState } from './useTusUpload';
import { useFanText, type FanText } from './fanText';
import { Filled } from './Filled';

interface Props {
  files: CapturePagePayload['files'];
  upload: UploadState;
  /** A file whose upload a reload cut off: choosing it again continues it. */
  interrupted?: { name: string; percent: number };
  error?: string;
  onChoose: (file: File) => void;
  onCancel: () => void;
}

const percentOf = (upload: UploadState) => (upload.bytesTotal > 0 ? Math.floor((upload.bytesSent / upload.bytesTotal) * 100) : 0);

/**
 * What a screen reader says about the upload (a polite status): each quarter, a lost connection
 * and the end; not every percent and second left, which would talk over the fan filling in the form.
 */
function spokenProgress({ m, f }: FanText, upload: UploadState, percent: number): string {
  if (upload.phase === 'done') return m.file.spokenDone;
  if (upload.phase === 'retrying') return m.file.spokenRetrying;
  return f(m.file.spokenProgress, { percent: Math.floor(percent / 25) * 25 });
}

function Progress({ upload }: { upload: UploadState }) {
  const { m, f, percent: pct } = useFanText();
  const percent = percentOf(upload);
  const label = upload.phase === 'done' ? m.file.complete : upload.phase === 'retrying' ? m.file.retrying : timeLeftLabel(upload.secondsLeft);
  return (
    <div className="progress">
      <div className="track">
        <div
          className="fill"
          role="progressbar"
          aria-label={m.file.progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="meta">
        <span>{pct(percent)}</span>
        <span>{label}</span>
      </div>
      {upload.resumedFrom !== undefined && upload.resumedFrom > 0 && (
        <span className="hint">{f(m.file.resumed, { percent: pct(Math.floor((upload.resumedFrom / Math.max(1, upload.bytesTotal)) * 100)) })}</span>
      )}
    </div>
  );
}

/** Choose or record a video or photo; the upload starts at once and shows its progress. */
export function FileField({ files, upload, interrupted, error, onChoose, onCancel }: Props) {
  const text = useFanText();
  const { m, f, size } = text;
  const photos = files.kinds.includes('image');
  const hintParts = [f(m.file.videoHint, { size: size(files.video.maxBytes) })];
  if (photos && files.image) hintParts.push(f(m.file.photoHint, { size: size(files.image.maxBytes) }));
  const pick = (event: { currentTarget: HTMLInputElement }) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) onChoose(file);
  };
  const busy = upload.phase === 'uploading' || upload.phase === 'retrying';
  // A refused file's message is the picker's error too, so it is read with the picker.
  const message = error ?? (upload.phase === 'failed' ? upload.refusal?.message : undefined);
  return (
    <fieldset className="field" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-describedby="file-hint">
      <legend className="legend">
        {photos ? m.file.yourVideoOrPhoto : m.file.yourVideo}
        <span className="req" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <span className="hint" id="file-hint">
        {hintParts.join('; ')}.
      </span>
      {interrupted && upload.phase === 'idle' && (
        <p className="notice" role="status">
          <Filled template={m.file.interrupted} slots={{ name: <strong>{interrupted.name}</strong>, percent: text.percent(interrupted.percent) }} />
        </p>
      )}
      {!busy && upload.phase !== 'done' && (
        <div className="files">
          <label className="picker">
            <input
              type="file"
              accept={acceptAttribute(files.kinds)}
              aria-label={photos ? m.file.pickVideoOrPhoto : m.file.chooseVideo}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? 'file-error' : undefined}
              onChange={pick}
            />
            <span aria-hidden="true">{photos ? m.file.chooseVideoOrPhoto : m.file.chooseVideo}</span>
          </label>
          <label className="picker">
            <input type="file" accept="video/*" capture="environment" aria-label={m.file.recordVideo} onChange={pick} />
            <span aria-hidden="true">{m.file.recordVideo}</span>
          </label>
        </div>
      )}
      {upload.fileName && upload.phase !== 'failed' && (
        <div className="chosen">
          <span>{upload.fileName}</span>
          <button type="button" className="link-button" onClick={onCancel}>
            {upload.phase === 'done' ? m.file.change : m.file.cancel}
            <span className="sr-only"> {upload.fileName}</span>
          </button>
        </div>
      )}
      {upload.phase !== 'idle' && upload.phase !== 'failed' && <Progress upload={upload} />}
      {/* Always there, so screen readers watch it before the first words arrive. */}
      <span className="sr-only" role="status" id="upload-status">
        {upload.phase !== 'idle' && upload.phase !== 'failed' ? spokenProgress(text, upload, percentOf(upload)) : ''}
      </span>
      {message && (
        <p className="error" id="file-error" role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}
