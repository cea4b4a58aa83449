import { useState } from 'react';
import { Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import { Loading, useEditContext, useTranslate } from 'react-admin';
import type { UpsellId } from '#shared/domain/constants';
import { DeleteIfAllowed, EditOrViewBase, ReadOnlyNotice, useCanEditRecord } from '../../components/RecordAccess';
import { RecordActionButton } from '../../components/RecordActionButton';
import { RecordHeader } from '../../components/RecordHeader';
import { Upsell } from '../../components/Upsell';
import { ReelClipsEditor } from './ReelClipsEditor';
import { ReelPlayer } from './ReelPlayer';
import { ReelShare } from './ReelShare';
import { ReelWall } from './ReelWall';
import { RENDERING_STATUSES, ReelStatus } from './ReelStatus';

/** How often the page reads the reel again while it waits for or runs its render. */
const FOLLOW_RENDER_MS = 2000;

const ReelPage = () => {
  const translate = useTranslate();
  const { record: reel, isPending } = useEditContext();
  const canEdit = useCanEditRecord();
  const [upsell, setUpsell] = useState<UpsellId>();
  if (isPending || !reel) return <Loading />;
  const rendering = RENDERING_STATUSES.includes(reel.status);
  return (
    <Stack spacing={2}>
      <RecordHeader
        listPath="/reels"
        listLabel={translate('resources.reels.name', { smart_count: 2 })}
        name={reel.name}
        status={<Chip size="small" label={translate(`resources.reels.choices.status.${reel.status}`)} />}
        actions={
          canEdit && (
            <Stack direction="row" spacing={1}>
              {!rendering && (
                <RecordActionButton
                  resource="reels"
                  record={reel}
                  action="render"
                  label="resources.reels.actions.render"
                  confirmContent="resources.reels.page.renderConfirm"
                  successMessage="resources.reels.notifications.updated"
                  variant="contained"
                  onUpsell={setUpsell}
                />
              )}
              <DeleteIfAllowed record={reel} resource="reels" redirect="list" mutationMode="pessimistic" />
            </Stack>
          )
        }
      />
      {upsell && <Upsell id={upsell} bypassable={false} />}
      <ReadOnlyNotice />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card component="section" aria-labelledby="reel-video-title">
            <CardContent>
              <Stack spacing={2}>
                <Typography id="reel-video-title" variant="h6" component="h2">
                  {translate('resources.reels.page.video')}
                </Typography>
                <ReelStatus reel={reel} />
                <ReelPlayer reel={reel} />
              </Stack>
            </CardContent>
          </Card>
          <Card sx={{ mt: 2 }}>
            <CardContent>
              <ReelShare reel={reel} onUpsell={setUpsell} />
            </CardContent>
          </Card>
          <Card sx={{ mt: 2 }}>
            <CardContent>
              <ReelWall reel={reel} onUpsell={setUpsell} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent>
              {/* A new editor when the saved clips change (a save, a clip the server dropped). */}
              <ReelClipsEditor key={JSON.stringify(reel.clips)} reel={reel} canEdit={canEdit} />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Stack>
  );
};

/**
 * A reel's page: its render's progress (read again every 2 s while queued or rendering), its
 * three videos with their downloads, its share address, and its clips to re-order and re-cut. Read-only members
 * watch it without the controls.
 */
const ReelEdit = () => (
  <EditOrViewBase
    mutationMode="pessimistic"
    redirect={false}
    queryOptions={{
      refetchInterval: (query) => (RENDERING_STATUSES.includes((query.state.data as { status?: string } | undefined)?.status ?? '') ? FOLLOW_RENDER_MS : false),
    }}
  >
    <ReelPage />
  </EditOrViewBase>
);

export default ReelEdit;
