import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Confirm, useCanAccess, useDataProvider, useGetOne, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/format';
import { useAppContext } from '../../appContext';
import type { AppDataProvider } from '../../dataProvider';
import type { FanErasure, FanLookup } from '#shared/domain/schemas/fanData';
import { ApiError } from '../../apiError';
import { emailField } from '#shared/domain/schemas/common';
import { FanErasureLog } from './FanErasureLog';

const emailRule = emailField();

/** What the account holds about one fan (GET /api/accounts/{id}/fans?email=), read when Find is pressed. */
const FANS = 'fans';

/**
 * A fan's right to be forgotten (account admins): find what the account holds under an email,
 * then erase it all (submissions, consent records, uploads and their files) once confirmed.
 */
const EraseFanForm = ({ accountId, onClose }: { accountId: string; onClose: () => void }) => {
  const translate = useTranslate();
  const format = useFormat();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string>();
  /** The email last asked for (valid): the lookup below reads it. */
  const [asked, setAsked] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const lookup = useGetOne<FanLookup & { id: string }>(FANS, { id: accountId, meta: { query: { email: asked } } }, { enabled: !!asked, retry: false });
  const erasure = useMutation({
    mutationFn: (fanEmail: string) => dataProvider.action<FanErasure>(FANS, { id: accountId, action: 'erase', data: { email: fanEmail } }),
    onSuccess: (result) => {
      // Fan lookups are forgotten (the erased fan's is not read again by the refresh below, which also reads the erasure log again).
      queryClient.removeQueries({ queryKey: [FANS] });
      setAsked(undefined);
      notify('resources.data.erase.done', { type: 'success', messageArgs: { smart_count: result.submissions } });
      refresh();
    },
    onError: (err) => notify(err instanceof ApiError ? err.message : 'ra.notification.http_error', { type: 'error' }),
    onSettled: () => setConfirming(false),
  });
  const found = asked ? lookup.data : undefined;
  const erased = erasure.data;
  const busy = lookup.isFetching || erasure.isPending;
  const error = invalid ?? (asked && lookup.error ? (lookup.error instanceof ApiError ? lookup.error.message : translate('ra.notification.http_error')) : undefined);

  const find = (event: FormEvent) => {
    event.preventDefault();
    erasure.reset();
    const parsed = emailRule.safeParse(email);
    if (!parsed.success) {
      setInvalid(translate(parsed.error.issues[0]?.message ?? 'app.validation.email'));
      setAsked(undefined);
      return;
    }
    setInvalid(undefined);
    if (parsed.data === asked) void lookup.refetch();
    else setAsked(parsed.data);
  };

  const erase = () => {
    if (found) erasure.mutate(found.email);
  };

  const held = found && { submissions: found.submissions.length, uploads: found.uploadIds.length, consents: found.consentRecords };
  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('resources.data.erase.intro')}</DialogContentText>
        <Stack component="form" direction="row" spacing={1} alignItems="flex-start" onSubmit={find} noValidate>
          <TextField
            size="small"
            type="email"
            label={translate('resources.data.erase.email')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={!!error}
            helperText={error}
            fullWidth
            autoFocus
          />
          <Button type="submit" variant="outlined" disabled={busy}>
            {translate('resources.data.erase.find')}
          </Button>
        </Stack>
        {held && (
          <Alert severity={held.submissions ? 'warning' : 'info'} sx={{ mt: 2 }} role="status">
            {held.submissions ? translate('resources.data.erase.held', held) : translate('resources.data.erase.nothing')}
          </Alert>
        )}
        {erased && (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            {translate('resources.data.erase.erased', { ...erased, when: format.dateTime(erased.erasedAt) })}
          </Alert>
        )}
        <FanErasureLog accountId={accountId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        <Button color="error" variant="contained" disabled={busy || !held?.submissions} onClick={() => setConfirming(true)}>
          {translate('resources.data.erase.submit')}
        </Button>
      </DialogActions>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="resources.data.erase.confirmTitle"
        content="resources.data.erase.confirmContent"
        translateOptions={{ email: found?.email ?? '' }}
        confirm="resources.data.erase.submit"
        confirmColor="warning"
        onConfirm={erase}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

export const EraseFanButton = () => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'data', action: 'erase' });
  const accountId = useAppContext().data?.account?.id;
  const [open, setOpen] = useState(false);
  if (!canAccess || !accountId) return null;
  return (
    <>
      <Button color="error" startIcon={<PersonRemoveIcon />} onClick={() => setOpen(true)}>
        {translate('resources.data.erase.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="fan-data-erase-title">
        <DialogTitle id="fan-data-erase-title">{translate('resources.data.erase.title')}</DialogTitle>
        {open && <EraseFanForm accountId={accountId} onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
};
