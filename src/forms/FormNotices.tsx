import { Alert, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';

/** 'Required fields' marker, shown once a submit was attempted (spec section 5). */
export const FormRequiredMarker = () => {
  const translate = useTranslate();
  const { submitCount, errors } = useFormState();
  if (submitCount === 0 || Object.keys(errors).length === 0) return null;
  return (
    <Typography variant="caption" color="error" role="status">
      * {translate('app.validation.requiredFields')}
    </Typography>
  );
};

/** Modal forms: 'Required fields missing or invalid' after a failed submit. */
export const FormInvalidNotice = () => {
  const translate = useTranslate();
  const { submitCount, errors } = useFormState();
  if (submitCount === 0 || Object.keys(errors).length === 0) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {translate('app.validation.formInvalid')}
    </Alert>
  );
};
