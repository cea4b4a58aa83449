import { useState } from 'react';
import { Button } from '@mui/material';
import { Confirm, useCanAccess, useDataProvider, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import type { RightsRequestResult } from '#shared/domain/schemas/rights';

/**
 * 'Request rights' for the selected uploads, once confirmed: each fan gets one mail asking for the rights to use
 * their clips. Shown only to members who may ask (users and above); read-only members see the status.
 */
export const RequestRightsButton = ({ ids, onDone }: { ids: Identifier[]; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const { canAccess } = useCanAccess({ resource: 'rights-requests', action: 'create' });
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  if (!canAccess) return null;
  const ask = async () => {
    setBusy(true);
    try {
      const { data } = (await dataProvider.create('rights-requests', { data: { ids } })) as unknown as { data: RightsRequestResult };
      notify(translate('resources.uploads.bulk.rightsRequested', { smart_count: data.mails }), { type: 'success' });
      if (data.skipped.length) notify(translate('resources.uploads.bulk.rightsSkipped', { smart_count: data.skipped.length }), { type: 'info' });
      setAsking(false);
      onDone();
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'app.error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  // Mails go to fans and cannot be taken back: the count and what the fans get are said first.
  return (
    <>
      <Button size="small" disabled={busy} onClick={() => setAsking(true)}>
        {translate('resources.uploads.bulk.requestRights')}
      </Button>
      <Confirm
        isOpen={asking}
        title="resources.uploads.bulk.rightsTitle"
        titleTranslateOptions={{ smart_count: ids.length }}
        content="resources.uploads.bulk.rightsContent"
        confirm="resources.uploads.bulk.rightsSend"
        loading={busy}
        onConfirm={() => void ask()}
        onClose={() => !busy && setAsking(false)}
      />
    </>
  );
};
