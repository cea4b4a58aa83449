import { useState } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { UpsellId } from '#shared/domain/constants';
import type { AppDataProvider } from '../dataProvider';
import { ApiError } from '../apiError';

interface RecordActionButtonProps {
  resource: string;
  record: RaRecord;
  /** The path after the record's own: POST <record>/<action> (enable, verify-email...). */
  action: string;
  /** Translation key of the button, the confirmation's title and its confirm button. */
  label: string;
  /** Translation key of the confirmation's question. */
  confirmContent: string;
  /** Translation key of the success notification. */
  successMessage: string;
  /** Arguments of the three messages (a name, an email). */
  messageArgs?: Record<string, unknown>;
  variant?: ButtonProps['variant'];
  color?: ButtonProps['color'];
  confirmColor?: 'primary' | 'warning';
  /** After success, while the refresh runs: go elsewhere (e.g. back to the list). */
  onSuccess?: () => void;
  /** A plan-limit answer: shows the named upgrade prompt instead of an error. */
  onUpsell?: (id: UpsellId) => void;
}

/**
 * One action on one record (enable, disable, archive, verify, approve...): asks first, is busy
 * while any action on the same record runs (the confirmation stays open until the answer),
 * notifies the outcome or hands a plan-limit answer to the upgrade prompt, and refreshes the
 * resource's cached queries.
 */
export const RecordActionButton = (props: RecordActionButtonProps) => {
  const { resource, record, action, label, confirmContent, successMessage, messageArgs, variant = 'outlined', color = 'primary' } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [confirming, setConfirming] = useState(false);
  const mutationKey = [resource, 'action', String(record.id)];
  const busy = useIsMutating({ mutationKey }) > 0;
  const { mutate } = useMutation({
    mutationKey,
    mutationFn: () => dataProvider.action(resource, { id: record.id, action }),
    onSuccess: () => {
      notify(successMessage, { type: 'success', messageArgs });
      if (props.onSuccess) {
        // Going elsewhere: the next screen reads fresh data, and the confirmation leaves with this
        // one (refetching or closing first would show this screen changed for a moment).
        void queryClient.invalidateQueries({ queryKey: [resource], refetchType: 'none' });
        props.onSuccess();
      } else {
        void queryClient.invalidateQueries({ queryKey: [resource] });
        setConfirming(false);
      }
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiError && error.upsell && props.onUpsell) props.onUpsell(error.upsell as UpsellId);
      else notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    },
  });

  return (
    <>
      <Button variant={variant} color={color} disabled={busy} onClick={() => setConfirming(true)} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        {translate(label, messageArgs)}
      </Button>
      <Confirm
        isOpen={confirming}
        // Emptied as soon as it closes: while fading out it must not offer the action again.
        title={confirming ? translate(label, messageArgs) : ''}
        content={confirming ? translate(confirmContent, messageArgs) : ''}
        confirm={confirming ? label : undefined}
        confirmColor={props.confirmColor}
        loading={busy}
        onConfirm={() => mutate()}
        onClose={() => {
          if (!busy) setConfirming(false);
        }}
      />
    </>
  );
};
