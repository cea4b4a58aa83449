import { useEffect, useRef, useState } from 'react';
import { TextField, type SxProps, type Theme } from '@mui/material';

const FULL_ROW_ON_PHONES = { width: { xs: '100%', sm: 150 } };

/**
 * A free-text filter of a list's filter bar (Fan Uploads, Fan Data) that hands its value over
 * once typing pauses (or on Enter). No margin, as every field of a filter bar, so they line up.
 */
export const TextFilter = ({
  id,
  label,
  value,
  onChange,
  maxLength,
  sx = FULL_ROW_ON_PHONES,
}: {
  id: string;
  label: string;
  value?: string;
  onChange: (value?: string) => void;
  maxLength: number;
  sx?: SxProps<Theme>;
}) => {
  const [text, setText] = useState(value ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim() || undefined;
    if (trimmed !== (value || undefined)) onChange(trimmed);
  };
  return (
    <TextField
      size="small"
      fullWidth={false}
      margin="none"
      id={id}
      label={label}
      value={text}
      slotProps={{ htmlInput: { maxLength } }}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), 500);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text);
      }}
      sx={sx}
    />
  );
};
