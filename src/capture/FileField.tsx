import { acceptAttribute, sizeLabel } from '@shared/domain/capture';
import type { CapturePagePayload } from '@shared/domain/schemas/capture';
import { timeLeftLabel } from './fileChoice';
import type { UploadState } from './useTusUpload';

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
function spokenProgress(upload: UploadState, percent: number): string {
  if (upload.phase === 'done') return 'Your file is uploaded.';
  if (upload.phase === 'retrying') return 'Upload paused: the connection was lost, trying again.';
  return `Uploading, ${Math.floor(percent / 25) * 25} percent sent.`;
}

function Progress({ upload }: { upload: UploadState }) {
  const percent = percentOf(upload);
  const label = upload.phase === 'done' ? 'Upload complete' : upload.phase === 'retrying' ? 'Connection lost, retrying…' : timeLeftLabel(upload.secondsLeft);
  return (
    <div className="progress">
      <div className="track">
        <div
          className="fill"
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="meta">
        <span>{percent}%</span>
        <span>{label}</span>
      </div>
      {upload.resumedFrom !== undefined && upload.resumedFrom > 0 && (
        <span className="hint">Resumed where it stopped ({Math.floor((upload.resumedFrom / Math.max(1, upload.bytesTotal)) * 100)}% was already sent).</span>
      )}
    </div>
  );
}

/** Choose or record a video or photo; the upload starts at once and shows its progress. */
export function FileField({ files, upload, interrupted, error, onChoose, onCancel }: Props) {
  const photos = files.kinds.includes('image');
  const hintParts = [`Videos: mp4, mov, m4v or webm, up to ${sizeLabel(files.video.maxBytes)}`];
  if (photos && files.image) hintParts.push(`photos: jpeg, png, webp or heic, up to ${sizeLabel(files.image.maxBytes)}`);
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
        {photos ? 'Your video or photo' : 'Your video'}
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
          Your upload of <strong>{interrupted.name}</strong> stopped at {interrupted.percent}%. Choose the same file again to continue where it stopped.
        </p>
      )}
      {!busy && upload.phase !== 'done' && (
        <div className="files">
          <label className="picker">
            <input
              type="file"
              accept={acceptAttribute(files.kinds)}
              aria-label={photos ? 'Choose a video or photo' : 'Choose a video'}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? 'file-error' : undefined}
              onChange={pick}
            />
            <span aria-hidden="true">{photos ? 'Choose video or photo' : 'Choose a video'}</span>
          </label>
          <label className="picker">
            <input type="file" accept="video/*" capture="environment" aria-label="Record a video" onChange={pick} />
            <span aria-hidden="true">Record a video</span>
          </label>
        </div>
      )}
      {upload.fileName && upload.phase !== 'failed' && (
        <div className="chosen">
          <span>{upload.fileName}</span>
          <button type="button" className="link-button" onClick={onCancel}>
            {upload.phase === 'done' ? 'Change' : 'Cancel'}
            <span className="sr-only"> {upload.fileName}</span>
          </button>
        </div>
      )}
      {upload.phase !== 'idle' && upload.phase !== 'failed' && <Progress upload={upload} />}
      {/* Always there, so screen readers watch it before the first words arrive. */}
      <span className="sr-only" role="status" id="upload-status">
        {upload.phase !== 'idle' && upload.phase !== 'failed' ? spokenProgress(upload, percentOf(upload)) : ''}
      </span>
      {message && (
        <p className="error" id="file-error" role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}
