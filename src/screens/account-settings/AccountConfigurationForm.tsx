import { useMemo } from 'react';
import { Box, Card, CardContent, Divider, Grid, Stack, TextField, Typography } from '@mui/material';
import { BooleanInput, Form, SaveButton, TextInput, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useController, type FieldValues } from 'react-hook-form';
import { LIMITS } from '#shared/domain/constants';
import { accountSettingsSchema, type AccountSettingsInput } from '#shared/domain/schemas/account';
import type { AdminAccount } from '../../resources/records';
import { useAppContext } from '../../appContext';
import { useZodResolver } from '../../forms/zodResolver';
import { submissionErrors } from '../../forms/submissionErrors';
import { FormRequiredMarker } from '../../forms/FormNotices';
import { LinksEditor } from './LinksEditor';
import { CapturePreview, DEFAULT_SECONDARY } from './CapturePreview';
import { DEFAULT_PRIMARY } from '#shared/domain/brandColors';
import { hasFeature } from '#shared/domain/plans';
import { TimeZoneField } from './TimeZoneField';
import { ImageUploadField, type ImageUploadFieldProps } from '../../components/upload/ImageUploadField';
import { AccountIdentityFields } from '../../resources/admin-accounts/AccountIdentityFields';

function toForm(account: AdminAccount, identity: boolean): AccountSettingsInput {
  return {
    ...(identity ? { name: account.name, slug: account.slug, cssOverride: account.cssOverride ?? '' } : {}),
    primaryColor: account.primaryColor ?? '',
    secondaryColor: account.secondaryColor ?? '',
    lightHeader: account.lightHeader,
    helpEmailAddress: account.helpEmailAddress ?? '',
    timeZone: account.timeZone || 'UTC',
    termsUrl: account.termsUrl ?? '',
    rightsRequired: account.rightsRequired,
    socialSiteTitle: account.socialSiteTitle ?? '',
    socialSiteDescription: account.socialSiteDescription ?? '',
    links: { primary: account.links.primary ?? '', header: account.links.header, footer: account.links.footer },
    favicon: account.favicon,
    faviconTmp: '',
    headerImage: account.headerImage,
    headerImageTmp: '',
    image: account.image,
    imageTmp: '',
    socialSiteImage: account.socialSiteImage,
    socialSiteImageTmp: '',
  };
}

/** A colour of the account; unset, it shows the colour the capture page uses instead, said to be the default. */
const ColorField = ({ name, label, fallback, disabled }: { name: 'primaryColor' | 'secondaryColor'; label: string; fallback: string; disabled: boolean }) => {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name });
  return (
    <TextField
      type="color"
      label={label}
      value={field.value || fallback}
      onChange={field.onChange}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? (field.value || translate('app.accountSettings.defaultColour'))}
      disabled={disabled}
      margin="dense"
      sx={{ width: 160 }}
    />
  );
};

/** One of the account's images, labelled app.accountSettings.<label> with <label>Hint under it. */
const AccountImageField = ({ label, ...props }: Omit<ImageUploadFieldProps, 'helperText'>) => {
  const translate = useTranslate();
  return <ImageUploadField {...props} label={translate(`app.accountSettings.${label}`)} helperText={translate(`app.accountSettings.${label}Hint`)} />;
};

/**
 * The account configuration form with its live preview. Reused by the platform admin's
 * account details, where `identity` adds name, slug, custom CSS and the payment customer id;
 * without canEdit every input is read-only and there is no save button. `resource` is the
 * one the screen reads the account as, so the record is loaded once.
 */
export const AccountConfigurationForm = ({
  resource,
  accountId,
  canEdit,
  identity = false,
}: {
  resource: string;
  accountId: string;
  canEdit: boolean;
  identity?: boolean;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: context } = useAppContext();
  const { data: found } = useGetOne<AdminAccount>(resource, { id: accountId });
  // react-admin seeds getOne with the list's row, which lacks the details: wait for the record itself.
  const account = found && 'links' in found ? found : undefined;
  const [update] = useUpdate<AdminAccount>();
  const resolver = useZodResolver(accountSettingsSchema);
  const values = useMemo(() => account && toForm(account, identity), [account, identity]);
  const readOnly = !canEdit;

  const save = async (data: FieldValues) => {
    try {
      await update(resource, { id: accountId, data, previousData: account }, { mutationMode: 'pessimistic', returnPromise: true });
    } catch (e) {
      // Field errors stay under their inputs; anything else is the error's own message.
      const fields = submissionErrors(e);
      if (!fields) notify(e instanceof Error ? e.message : String(e), { type: 'error' });
      return fields;
    }
    notify('app.accountSettings.saved', { type: 'success' });
    return undefined;
  };

  if (!account || !values) return null;
  return (
    <Form record={values} resolver={resolver} onSubmit={save} disableInvalidFormNotification noValidate>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Card>
            <CardContent>
              {identity && <AccountIdentityFields stripeCustomerId={account.stripeCustomerId} disabled={readOnly} />}
              <Typography variant="h6">{translate('app.accountSettings.colours')}</Typography>
              <Stack direction="row" spacing={2}>
                <ColorField name="primaryColor" label={translate('app.accountSettings.primaryColor')} fallback={DEFAULT_PRIMARY} disabled={readOnly} />
                <ColorField name="secondaryColor" label={translate('app.accountSettings.secondaryColor')} fallback={DEFAULT_SECONDARY} disabled={readOnly} />
              </Stack>
              <Divider sx={{ my: 2 }} />
              <Typography variant="h6">{translate('app.accountSettings.header')}</Typography>
              <BooleanInput source="lightHeader" label="app.accountSettings.lightHeader" helperText={false} disabled={readOnly} />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 4 }}>
                <AccountImageField name="headerImage" label="headerImage" preset="headerLogo" canEdit={canEdit} />
                <AccountImageField name="favicon" label="favicon" preset="favicon" canEdit={canEdit} />
              </Stack>
              <TextInput source="links.primary" label="app.accountSettings.logoLink" disabled={readOnly} helperText={false} />
              <TextInput
                source="helpEmailAddress"
                type="email"
                label="app.accountSettings.helpEmail"
                helperText={translate('app.accountSettings.helpEmailFallback', { email: context?.systemDefaults.supportEmail ?? '' })}
                disabled={readOnly}
              />
              <TextInput source="termsUrl" type="url" label="app.accountSettings.termsUrl" helperText="app.accountSettings.termsUrlHint" disabled={readOnly} />
              <TimeZoneField disabled={readOnly} />
              <BooleanInput
                source="rightsRequired"
                label="app.accountSettings.rightsRequired"
                helperText="app.accountSettings.rightsRequiredHint"
                disabled={readOnly}
              />
              <Divider sx={{ my: 2 }} />
              <AccountImageField name="image" label="mainImage" canEdit={canEdit} />
              <Divider sx={{ my: 2 }} />
              <LinksEditor name="links.header" max={LIMITS.headerLinks} allowPrimary disabled={readOnly} />
              <Divider sx={{ my: 2 }} />
              <LinksEditor name="links.footer" max={LIMITS.footerLinks} allowPrimary={false} disabled={readOnly} />
              <Divider sx={{ my: 2 }} />
              <Typography variant="h6">{translate('app.accountSettings.social')}</Typography>
              <AccountImageField name="socialSiteImage" label="socialImage" preset="socialImage" canEdit={canEdit} />
              <TextInput source="socialSiteTitle" label="app.accountSettings.socialTitle" disabled={readOnly} helperText={false} />
              <TextInput
                source="socialSiteDescription"
                label="app.accountSettings.socialDescription"
                multiline
                minRows={2}
                disabled={readOnly}
                helperText={false}
              />
              <FormRequiredMarker />
              {canEdit && <SaveButton label="app.accountSettings.save" icon={<></>} alwaysEnable sx={{ mt: 2 }} />}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
            <CapturePreview accountName={account.name} photos={hasFeature(account.planLimits, 'images')} />
          </Box>
        </Grid>
      </Grid>
    </Form>
  );
};
