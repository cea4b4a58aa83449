import { useEffect, useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The iframe an account pastes into its own site: the page's wall alone (/p/{account}/{page}/wall). */
function wallEmbedCode(address: string, title: string): string {
  const escaped = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${address}/wall" title="${escaped}" width="100%" height="800" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

/** The page's embed code with a copy button and a 2 s 'Copied' flag. */
export function WallEmbed({ address, title }: { address: string; title: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const code = wallEmbedCode(address, title);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.pages.edit.embedHint')}
      </Typography>
      <TextField
        label={translate('resources.pages.edit.embedCode')}
        value={code}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        onFocus={(event) => event.target.select()}
      />
      <Stack direction="row" spacing={2} alignItems="center">
        <Button variant="outlined" onClick={() => void copy()}>
          {translate('resources.pages.edit.copyEmbed')}
        </Button>
        <Typography role="status" variant="body2" color="success.main">
          {copied ? translate('resources.pages.edit.embedCopied') : ''}
        </Typography>
      </Stack>
    </Stack>
  );
}
