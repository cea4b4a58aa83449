import { useEffect, useState } from 'react';
import { Box, IconButton, Stack, Tooltip } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { List, Title, useListContext, useResourceContext, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { UPLOAD_GRID_PAGE_SIZE } from '../../domain/constants';
import { SUBMISSION_PARAM, type UploadRecord } from './uploadRecord';
import { UploadFilterBar } from './UploadFilterBar';
import { UploadGrid } from './UploadGrid';
import { GridPager } from './GridPager';
import { BulkBar } from './BulkBar';
import { UploadDialog } from './UploadDialog';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useUploadPermissions } from './useUploadPermissions';
import { SingleUploadDialog } from './SingleUploadDialog';

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
  const { data = [], resource, isPending } = useListContext<UploadRecord>();
  const permissions = useUploadPermissions(platform);
  const [params, setParams] = useSearchParams();
  const [help, setHelp] = useState(false);
  const openId = params.get(SUBMISSION_PARAM);
  const open = (id: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set(SUBMISSION_PARAM, id);
        else next.delete(SUBMISSION_PARAM);
        return next;
      },
      { replace: !!id && !!openId },
    );
  // While reviewing, an upload the filters no longer match (approved under Requires Approval,
  // hidden...) leaves the refreshed page: the dialog keeps moving through the page it started on.
  const [snapshot, setSnapshot] = useState<UploadRecord[]>([]);
  const inData = !openId || data.some((upload) => upload.id === openId);
  useEffect(() => {
    if (inData) setSnapshot(data);
  }, [data, inData]);
  const list = inData ? data : snapshot;
  const index = openId ? list.findIndex((upload) => upload.id === openId) : -1;

  // '?' on the grid lists the shortcuts too (inside the dialog, the dialog handles it).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key === '?' && !openId && !(target && ['INPUT', 'TEXTAREA'].includes(target.tagName))) setHelp(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openId]);

  const selectable = !platform && (permissions.canEdit || permissions.canDownload);
  return (
    <Box>
      <Stack direction="row" alignItems="flex-start" spacing={1}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <UploadFilterBar platform={platform} />
        </Box>
        <Tooltip title={translate(`resources.${resource}.help.open`)}>
          <IconButton aria-label={translate(`resources.${resource}.help.open`)} onClick={() => setHelp(true)}>
            <HelpOutlineIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {selectable && <BulkBar permissions={permissions} />}
      <UploadGrid platform={platform} selectable={selectable} onOpen={open} />
      <GridPager />
      {openId && index >= 0 && (
        <UploadDialog
          resource={resource}
          platform={platform}
          permissions={permissions}
          upload={list[index]!}
          index={index}
          total={list.length}
          onMove={(step) => {
            const next = list[index + step];
            if (next) open(next.id);
          }}
          onClose={() => open(null)}
          onHelp={() => setHelp(true)}
        />
      )}
      {openId && index < 0 && !isPending && !permissions.isPending && <SingleUploadDialog resource={resource} platform={platform} permissions={permissions} id={openId} onClose={() => open(null)} onHelp={() => setHelp(true)} />}
      <ShortcutsHelp resource={resource} open={help} onClose={() => setHelp(false)} />
    </Box>
  );
};
