import { Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { TextInput, useTranslate } from 'react-admin';
import { useController, useFieldArray, useFormContext } from 'react-hook-form';
import { LINK_TYPES } from '#shared/domain/schemas/account';

const TypeSelect = ({ name, disabled }: { name: string; disabled: boolean }) => {
  const translate = useTranslate();
  const { field } = useController({ name });
  return (
    <TextField select {...field} label={translate('app.accountSettings.type')} margin="dense" sx={{ minWidth: 130 }} disabled={disabled}>
      {LINK_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {translate(`app.accountSettings.types.${type}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};

const PrimaryToggle = ({ name, disabled }: { name: string; disabled: boolean }) => {
  const translate = useTranslate();
  const { field } = useController({ name });
  return (
    <FormControlLabel
      // Level with the inputs of its row (their dense margin and 48 px box) on wider screens.
      sx={{ mt: { md: '14px' } }}
      control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} disabled={disabled} />}
      label={translate('app.accountSettings.primary')}
    />
  );
};

/** Header or footer links: label, URL, type (and primary for header links); add hidden at the limit. */
export const LinksEditor = ({
  name,
  max,
  allowPrimary,
  disabled,
}: {
  name: 'links.header' | 'links.footer';
  max: number;
  allowPrimary: boolean;
  disabled: boolean;
}) => {
  const translate = useTranslate();
  const { control, formState, getFieldState } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  const listError = getFieldState(name, formState).error as { message?: string; root?: { message?: string } } | undefined;
  const listMessage = listError?.message ?? listError?.root?.message;
  return (
    <Box>
      <Typography variant="subtitle1" fontWeight={600}>
        {translate(name === 'links.header' ? 'app.accountSettings.headerLinks' : 'app.accountSettings.footerLinks')}
      </Typography>
      {fields.map((field, index) => (
        <Stack
          key={field.id}
          direction={{ xs: 'column', md: 'row' }}
          spacing={1}
          useFlexGap
          alignItems={{ md: 'flex-start' }}
          // On a phone each link is a box of its own, so its remove button is plainly its own.
          sx={{
            border: { xs: 1, md: 0 },
            borderColor: { xs: 'divider' },
            borderRadius: 2,
            px: { xs: 1.5, md: 0 },
            py: { xs: 1, md: 0 },
            mb: { xs: 1.5, md: 0 },
          }}
        >
          <TextInput source={`${name}.${index}.label`} label="app.accountSettings.label" isRequired disabled={disabled} sx={{ maxWidth: { md: 180 } }} />
          <TextInput source={`${name}.${index}.link`} label="app.accountSettings.url" isRequired disabled={disabled} />
          <TypeSelect name={`${name}.${index}.type`} disabled={disabled} />
          {/* Primary and remove share a line on a phone; on wider screens they are items of the row. */}
          <Box sx={{ display: { xs: 'flex', md: 'contents' }, alignItems: 'center' }}>
            {allowPrimary && <PrimaryToggle name={`${name}.${index}.primary`} disabled={disabled} />}
            {!disabled && (
              <IconButton
                aria-label={translate('app.accountSettings.removeLink')}
                onClick={() => remove(index)}
                sx={{ ml: { xs: 'auto', md: 0 }, mt: { md: '15px' } }}
              >
                <DeleteIcon />
              </IconButton>
            )}
          </Box>
        </Stack>
      ))}
      {listMessage && (
        <Typography color="error" variant="caption">
          {listMessage}
        </Typography>
      )}
      {!disabled && fields.length < max && (
        <Button startIcon={<AddIcon />} onClick={() => append({ label: '', link: '', type: 'same', ...(allowPrimary ? { primary: false } : {}) })}>
          {translate('app.accountSettings.addLink')}
        </Button>
      )}
    </Box>
  );
};
