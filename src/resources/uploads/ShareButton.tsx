import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import ShareIcon from '@mui/icons-material/Share';
import { useTranslate } from 'react-admin';
import { useIsPhone } from '../../components/useIsPhone';
import { CopyButton } from './CopyButton';
import type { UploadRecord } from './uploadRecord';

/** The file a phone shares: the encoded MP4 of a video when there is one, else the original. */
const fileUrlOf = (upload: UploadRecord) => (upload.type === 'video' ? (upload.mp4 ?? upload.original) : upload.original);

/** Whether this browser can hand files to the system's share sheet (phones' Web Share API level 2). */
const canShareFiles = () => typeof navigator.share === 'function' && typeof navigator.canShare === 'function';

/**
 * The upload dialog's share action (spec console.md sections 2 and 8): on a phone that can share
 * files, the video (or photo) itself goes to the share sheet; where the file cannot be fetched
 * the spec's 'An error occurred while trying to fetch the video for sharing.' shows. Elsewhere,
 * or when the device refuses the file, the share link (the sheet on phones, the clipboard on
 * desktops).
 */
export const ShareButton = ({ upload }: { upload: UploadRecord }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.uploads.actions.${key}`);
  const isPhone = useIsPhone();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!isPhone || !canShareFiles()) {
    return <CopyButton text={upload.shareLink} label={t('share')} copiedLabel={t('copied')} />;
  }

  const share = async () => {
    setFailed(false);
    setBusy(true);
    let file: File;
    try {
      const url = fileUrlOf(upload);
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const blob = await response.blob();
      const name = decodeURIComponent(new URL(url, window.location.href).pathname.split('/').pop() || 'upload');
      file = new File([blob], name, { type: blob.type || (upload.type === 'video' ? 'video/mp4' : 'image/jpeg') });
    } catch {
      setFailed(true);
      setBusy(false);
      return;
    }
    try {
      if (navigator.canShare({ files: [file] })) await navigator.share({ files: [file], url: upload.shareLink });
      else await navigator.share({ url: upload.shareLink });
    } catch {
      // Closing the share sheet (AbortError) is no error to show.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<ShareIcon />} aria-disabled={busy} onClick={() => !busy && void share()}>
        {t('shareFile')}
      </Button>
      {failed && (
        <Alert severity="error" role="alert" sx={{ width: '100%' }} onClose={() => setFailed(false)}>
          {t('shareError')}
        </Alert>
      )}
    </>
  );
};
