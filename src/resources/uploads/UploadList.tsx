import { useState } from 'react';
import { Box, IconButton, Stack, Tooltip } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { List, Title, useListContext, useResourceContext, useTranslate } from 'react-admin';
import { UPLOAD_GRID_PAGE_SIZE } from '#shared/domain/constants';
import type { UploadRecord } from './uploadRecord';
import { useReviewPosition } from './useReviewPosition';
import { UploadFilterBar } from './UploadFilterBar';
import { UploadGrid } from './UploadGrid';
import { GridPager } from './GridPager';
import { BulkBar } from './BulkBar';
import { NewArrivals } from './NewArrivals';
import { UploadDialog } from './UploadDialog';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useUploadPermissions } from './useUploadPermissions';
import { SingleUploadDialog } from './SingleUploadDialog';
import { useIsPhone } from '../../components/useIsPhone';
import { useWindowEvent } from '../../components/useWindowEvent';

/** /uploads: Fan Uploads of the current account. */
export const UploadList = () => <UploadScreen platform={false} />;

/**
 * Fan Uploads and Platform Uploads: filters in the URL, a grid of 48 with the pager, selection
 * and bulk actions (Fan Uploads), and the content dialog, opened by a card or ?submission={id}.
 */
export const UploadScreen = ({ platform }: { platform: boolean }) => {
  const resource = useResourceContext()!;
  const translate = useTranslate();
  return (
    <>
      <Title title={translate(`resources.${resource}.name`, { smart_count: 2 })} />
      <List
        perPage={UPLOAD_GRID_PAGE_SIZE}
        sort={{ field: 'createdAt', order: 'DESC' }}
        exporter={false}
        empty={false}
        actions={false}
        pagination={false}
        title={false as unknown as string}
        sx={{ '& .RaList-content': { p: { xs: 1, sm: 2 } } }}
      >
        <UploadReview platform={platform} />
      </List>
    </>
  );
};

const UploadReview = ({ platform }: { platform: boolean }) => {
  const translate = useTranslate();
  const { resource, isPending } = useListContext<UploadRecord>();
  const permissions = useUploadPermissions(platform);
  const [help, setHelp] = useState(false);
  const position = useReviewPosition();
  const { openId, open } = position;

  // '?' on the grid lists the shortcuts too (inside the dialog, the dialog handles it).
  useWindowEvent<KeyboardEvent>('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    if (event.key === '?' && !openId && !(target && ['INPUT', 'TEXTAREA'].includes(target.tagName))) setHelp(true);
  });

  const selectable = !platform && (permissions.canEdit || permissions.canDownload);
  // Keyboard shortcuts mean nothing on a phone, and their button took a column beside the filters.
  const isPhone = useIsPhone();
  return (
    <Box>
      <Stack direction="row" alignItems="flex-start" spacing={1}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <UploadFilterBar platform={platform} />
        </Box>
        {!isPhone && (
          <Tooltip title={translate(`resources.${resource}.help.open`)}>
            <IconButton aria-label={translate(`resources.${resource}.help.open`)} onClick={() => setHelp(true)}>
              <HelpOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {selectable && <BulkBar permissions={permissions} />}
      <NewArrivals />
      <UploadGrid platform={platform} selectable={selectable} onOpen={open} />
      <GridPager />
      {openId && position.upload && (
        <UploadDialog
          resource={resource}
          platform={platform}
          permissions={permissions}
          upload={position.upload}
          position={position}
          onClose={() => open(null)}
          onHelp={() => setHelp(true)}
        />
      )}
      {openId && !position.upload && !isPending && !permissions.isPending && (
        <SingleUploadDialog
          resource={resource}
          platform={platform}
          permissions={permissions}
          id={openId}
          onClose={() => open(null)}
          onHelp={() => setHelp(true)}
        />
      )}
      <ShortcutsHelp resource={resource} open={help} onClose={() => setHelp(false)} />
    </Box>
  );
};
