import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { LIMITS } from '#shared/domain/constants';

/** Up to three terms checkboxes of the capture page; each needs its text. The add control goes at the limit. */
export const CustomTermsEditor = ({ disabled }: { disabled: boolean }) => {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const terms = (useWatch({ name: 'customTerms' }) as string[] | undefined) ?? [];
  const { errors } = useFormState({ name: 'customTerms' });
  const listError = (errors.customTerms as { message?: string } | undefined)?.message;
  const change = (next: string[]) => setValue('customTerms', next, { shouldDirty: true });
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.pages.edit.termsHint', { max: LIMITS.customTerms })}
      </Typography>
      {terms.map((_, index) => (
        <Stack key={index} direction="row" spacing={1} alignItems="flex-start">
          <TextInput
            source={`customTerms.${index}`}
            label={translate('resources.pages.edit.term', { index: index + 1 })}
            multiline
            isRequired
            disabled={disabled}
          />
          {!disabled && (
            <IconButton
              aria-label={translate('resources.pages.edit.removeTerm', { index: index + 1 })}
              onClick={() => change((getValues('customTerms') as string[]).filter((__, i) => i !== index))}
              sx={{ mt: 2 }}
            >
              <DeleteIcon />
            </IconButton>
          )}
        </Stack>
      ))}
      {listError && (
        <Typography variant="caption" color="error">
          {listError}
        </Typography>
      )}
      {!disabled && terms.length < LIMITS.customTerms && (
        <Button startIcon={<AddIcon />} onClick={() => change([...((getValues('customTerms') as string[]) ?? []), ''])} sx={{ mt: 1 }}>
          {translate('resources.pages.edit.addTerm')}
        </Button>
      )}
    </Box>
  );
};
