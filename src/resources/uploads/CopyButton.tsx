import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { COPY_FLAG_RESET_MS } from '#shared/domain/constants';

/** Copies a text and says 'Copied' for 2 seconds (spec console.md section 9); `failure` is shown when the browser refuses the clipboard. */
export const CopyButton = ({
  text,
  label,
  copiedLabel,
  failure,
  icon,
}: {
  text: string;
  label: string;
  copiedLabel: string;
  failure?: string;
  icon?: ReactNode;
}) => {
  const translate = useTranslate();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flag = (next: 'copied' | 'failed') => {
    setState(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPY_FLAG_RESET_MS);
  };
  const title = state === 'copied' ? copiedLabel : state === 'failed' ? (failure ?? translate('ra.notification.http_error')) : '';
  return (
    <Tooltip title={title} open={state !== 'idle'} disableHoverListener disableFocusListener disableTouchListener>
      <Button
        size="small"
        startIcon={icon}
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => flag('copied'),
            () => flag('failed'),
          );
        }}
      >
        {label}
        <span role="status" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {title}
        </span>
      </Button>
    </Tooltip>
  );
};
