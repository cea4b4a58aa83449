import { useRef } from 'react';
import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { useGetOne, useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/format';
import { UploadPlayer } from '../../components/UploadPlayer';
import { ApiError } from '../../apiError';
import { useIsPhone } from '../../components/useIsPhone';
import { useWindowEvent } from '../../components/useWindowEvent';
import { followUntilFullQuality, UPLOADS, type UploadDetailRecord, type UploadRecord } from './uploadRecord';
import { UploadBadges } from './UploadBadges';
import { UploadFacts } from './UploadFacts';
import { TagsEditor } from './TagsEditor';
import { CopyButton } from './CopyButton';
import { ShareButton } from './ShareButton';
import { DeleteUploadButton } from './CardActionsRow';
import { MakeReelButton } from './MakeReelButton';
import { useUploadAction, type UploadActionName } from './useUploadActions';
import type { UploadPermissions } from './useUploadPermissions';
import type { ReviewPosition } from './useReviewPosition';
import { LikeButton } from './LikeButton';
import { ThumbnailChooser } from './ThumbnailChooser';
import { OtherAngles } from './OtherAngles';

interface UploadDialogProps {
  resource: string;
  platform: boolean;
  permissions: UploadPermissions;
  upload: UploadRecord;
  /** Where the upload is in the grid's filtered list, and the move to its neighbours (across pages). */
  position: Pick<ReviewPosition, 'index' | 'total' | 'totalCapped' | 'hasPrevious' | 'hasNext' | 'move'>;
  onClose: () => void;
  onHelp: () => void;
}

/** The dialog of one upload on its own (?submission= of an upload not on the grid's page). */
export const ALONE: UploadDialogProps['position'] = { index: 0, total: 1, totalCapped: false, hasPrevious: false, hasNext: false, move: () => undefined };

const typing = (target: EventTarget) =>
  target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);

/**
 * The content dialog (spec console.md section 2): the player or image, badges, approve, allow,
 * hide or show, delete, share link, download, copies of the fan's contacts, tags, what the fan
 * submitted, moderation labels and history, and Like; for a clip, its thumbnail among frames of it
 * and the other angles of its moment. Previous/next and the keyboard shortcuts
 * move through the grid's filtered list, across pages: arrows or J/K, A approve, H hide or show,
 * T tags, Esc, ? help.
 *
 * Reviewing at speed: the keys are heard on the window (a button disabled under the pointer drops
 * the focus to the page, and a key pressed then must not be lost), and an action still running
 * on the previous upload does not hold back one on this upload.
 */
export const UploadDialog = ({ resource, platform, permissions, upload, position, onClose, onHelp }: UploadDialogProps) => {
  const { index, total, totalCapped, hasPrevious, hasNext, move } = position;
  const translate = useTranslate();
  const format = useFormat();
  const tagsInput = useRef<HTMLInputElement>(null);
  const isPhone = useIsPhone();
  // Suspected spam has no upload to read yet: the card is all there is.
  const spam = !!upload.suspectedSpam;
  const { data, error } = useGetOne<UploadDetailRecord>(
    resource,
    { id: upload.id },
    // An upload opened while its clip is processed shows its player once it is reviewable, and
    // offers the full-quality mp4 once it replaces the review proxy.
    { retry: false, enabled: !spam, refetchInterval: followUntilFullQuality },
  );
  // react-admin answers first with the list's copy of the record (no submission, no history).
  const detail = data && 'history' in data ? data : undefined;
  const { mutate, isPending: running, variables } = useUploadAction();
  const root = useRef<HTMLDivElement>(null);
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.${resource}.${key}`, args);
  const current = detail ?? upload;
  const imageBlocked = current.type === 'image' && (!permissions.imagesAllowed || (error instanceof ApiError && error.upsell === 'uploaded_image'));
  const canApprove = permissions.canEdit && current.requiresApproval;
  const canAllow = permissions.canAllow && current.isFlagged;
  const canAllowSpam = permissions.canAllow && spam;
  const canEdit = permissions.canEdit && !spam;
  // Busy only with an action on this upload.
  const isPending = running && variables?.id === current.id;

  /** A button running one of the upload's actions; it stays enabled while its action runs (aria-disabled): disabling the focused one would drop the focus. */
  const actionButton = (action: UploadActionName, label: string, variant: 'contained' | 'outlined', onSuccess?: () => void) => (
    <Button
      variant={variant}
      size="small"
      aria-disabled={isPending}
      onClick={() => !isPending && mutate({ id: current.id, action }, onSuccess && { onSuccess })}
    >
      {label}
    </Button>
  );

  const onKeyDown = (event: globalThis.KeyboardEvent) => {
    if (event.defaultPrevented || (event.target && typing(event.target)) || event.ctrlKey || event.metaKey || event.altKey) return;
    // Ours when the focus is in this dialog, or fell to the page; not in a dialog over it (delete, help).
    const target = event.target as Node | null;
    if (!(target === document.body || (target && root.current?.contains(target)))) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const handled = () => event.preventDefault();
    if (key === 'ArrowRight' || key === 'j') {
      handled();
      move(1);
    } else if (key === 'ArrowLeft' || key === 'k') {
      handled();
      move(-1);
    } else if (key === 'a' && canApprove && !isPending) {
      handled();
      mutate({ id: current.id, action: 'approve' });
    } else if (key === 'h' && canEdit && !isPending) {
      handled();
      mutate({ id: current.id, action: current.isHidden ? 'show' : 'hidden' });
    } else if (key === 't' && tagsInput.current) {
      handled();
      tagsInput.current.focus();
    } else if (key === '?') {
      handled();
      onHelp();
    } else if (key === 'Escape' && target === document.body) {
      // (With the focus in the dialog, the dialog closes itself.)
      handled();
      onClose();
    }
  };
  useWindowEvent('keydown', onKeyDown);

  const contacts = [
    ['email', current.uploadData.email],
    ['instagram', current.uploadData.instagram],
    ['tiktok', current.uploadData.tiktok],
  ].filter((entry): entry is [string, string] => !!entry[1]);

  return (
    <Dialog ref={root} open onClose={onClose} fullWidth fullScreen={isPhone} maxWidth="md" aria-labelledby="upload-dialog-title" scroll="body">
      {/* MUI gives the title the dialog's aria-labelledby id unless it has its own: the dialog is named by the span alone, not by the buttons beside it. */}
      <DialogTitle id="upload-dialog-header" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" id="upload-dialog-title" sx={{ flexGrow: 1, flexBasis: { xs: '100%', sm: 0 }, minWidth: 0, overflowWrap: 'anywhere' }}>
          {t('dialog.title', { page: current.pageName })}
          {platform && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {current.account.name}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} aria-live="polite">
          {t(totalCapped ? 'dialog.positionCapped' : 'dialog.position', { index: format.number(index + 1), total: format.number(total) })}
        </Typography>
        <IconButton aria-label={t('dialog.previous')} disabled={!hasPrevious} onClick={() => move(-1)}>
          <ChevronLeftIcon />
        </IconButton>
        <IconButton aria-label={t('dialog.next')} disabled={!hasNext} onClick={() => move(1)}>
          <ChevronRightIcon />
        </IconButton>
        <IconButton aria-label={t('help.open')} onClick={onHelp}>
          <HelpOutlineIcon />
        </IconButton>
        <IconButton aria-label={t('dialog.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <UploadPlayer upload={current} upgrade={imageBlocked} />
          <Stack direction="row" useFlexGap flexWrap="wrap" gap={1} alignItems="center">
            <UploadBadges upload={current} resource={resource} />
            <Typography variant="body2" color="text.secondary">
              {format.dateTime(current.createdAt)} · {t('card.views', { count: current.viewCount })} · {t('card.likes', { count: current.likeCount })}
            </Typography>
          </Stack>
          {detail?.angles && <OtherAngles upload={detail} angles={detail.angles} resource={resource} />}
          <Stack direction="row" useFlexGap flexWrap="wrap" gap={1}>
            {canApprove && actionButton('approve', t('actions.approve'), 'contained')}
            {canAllow && actionButton('moderation-approve', t('actions.allow'), 'contained')}
            {canAllowSpam && actionButton('spam-allow', t('actions.allow'), 'contained', onClose)}
            {canEdit && !spam && actionButton(current.isHidden ? 'show' : 'hidden', t(current.isHidden ? 'actions.show' : 'actions.hide'), 'outlined')}
            {canEdit &&
              !!detail?.visibleCopies &&
              actionButton('hide-copies', t('actions.hideCopies', { count: format.number(detail.visibleCopies) }), 'outlined')}
            {current.likingStatus === 'enabled' && !permissions.isPlatformAdmin && (
              <LikeButton uploadId={current.id} liked={!!detail?.likedByMe} resource={resource} />
            )}
            {!spam && <ShareButton upload={current} />}
            {!imageBlocked && current.original && (
              <Button size="small" component="a" href={current.original} download>
                {t('actions.download')}
              </Button>
            )}
            {resource === UPLOADS && current.type === 'video' && !spam && <MakeReelButton uploads={[current]} onDone={onClose} upsell={false} />}
            {contacts.map(([what, value]) => (
              <CopyButton key={what} text={value} label={t('actions.copy', { what: t(`dialog.${what}`) })} copiedLabel={t('actions.copied')} />
            ))}
            {canEdit && (
              <DeleteUploadButton upload={current} resource={resource} onDeleted={hasNext ? () => move(1) : hasPrevious ? () => move(-1) : onClose} />
            )}
          </Stack>
          {error && !(error instanceof ApiError && error.upsell) ? <Alert severity="error">{(error as Error).message}</Alert> : null}
          {spam && <Alert severity="warning">{t('spam.note')}</Alert>}
          {!spam && <TagsEditor ref={tagsInput} upload={current} resource={resource} canEdit={permissions.canEdit} tagsAllowed={permissions.tagsAllowed} />}
          {!platform && canEdit && detail && detail.posterCandidates.length > 1 && <ThumbnailChooser upload={detail} resource={resource} />}
          <UploadFacts detail={detail} resource={resource} />
        </Stack>
      </DialogContent>
    </Dialog>
  );
};
