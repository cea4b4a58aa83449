import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Breadcrumbs, Button, Card, CardContent, Grid, Link, Stack, Typography } from '@mui/material';
import { EditBase, Loading, useCanAccess, useDataProvider, useEditContext, useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { UpsellId } from '../../domain/constants';
import { pageSchema, type PageInput } from '../../domain/schemas/page';
import type { AppDataProvider } from '../../dataProvider';
import { ApiError } from '../../apiError';
import { useAppContext } from '../../appContext';
import { useZodResolver } from '../../forms/zodResolver';
import { FormTextField } from '../../forms/FormTextField';
import { FormRequiredMarker } from '../../forms/FormNotices';
import { Upsell } from '../../components/Upsell';
import { toPageForm, type PageRecord } from './pageRecord';
import { PageStatusField } from './PageStatusField';
import { PageStatusActions } from './PageStatusActions';
import { CaptureSwitch } from './CaptureSwitch';
import { CaptureOptions } from './CaptureOptions';
import { ChoiceLists, MarketingConsent } from './ChoiceLists';
import { CustomTermsEditor } from './CustomTermsEditor';
import { PageImages } from './PageImages';
import { PagePhonePreview } from './PagePhonePreview';
import { hasFeature } from '../../domain/plans';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card component="section" aria-label={title}>
    <CardContent>
      <Typography variant="h6" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

/** The Mobile link opens the page in a phone-sized window (390×844), as a fan's phone shows it. */
function openAsPhone(event: { preventDefault: () => void }, address: string) {
  const popup = window.open(address, 'capture-mobile', 'popup,width=390,height=844');
  if (popup) event.preventDefault();
}

const PublicLinks = ({ page }: { page: PageRecord }) => {
  const translate = useTranslate();
  if (page.status !== 'enabled') return null;
  return (
    <Stack direction="row" spacing={2} alignItems="center">
      <Typography variant="body2" color="text.secondary">
        {translate('resources.pages.edit.publicLinks')}:
      </Typography>
      <Link href={page.address} target="_blank" rel="noopener">
        {translate('resources.pages.edit.pageLink')}
      </Link>
      <Link href={page.mobileAddress} target="_blank" rel="noopener" onClick={(event) => openAsPhone(event, page.mobileAddress)}>
        {translate('resources.pages.edit.mobileLink')}
      </Link>
    </Stack>
  );
};

const PageEditView = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { record: page, isPending, refetch } = useEditContext<PageRecord>();
  const { data: context } = useAppContext();
  const form = useForm<PageInput>({ resolver: useZodResolver<PageInput>(pageSchema) });
  const [upsell, setUpsell] = useState<UpsellId>();
  const editing = useCanAccess({ resource: 'pages', action: 'edit' });
  const bypassing = useCanAccess({ resource: 'plan-limits', action: 'bypass' });
  const { reset } = form;
  useEffect(() => {
    if (page) reset(toPageForm(page));
  }, [page, reset]);

  if (isPending || !page || !context?.account || editing.isPending || bypassing.isPending) return <Loading />;
  const canEdit = !!editing.canAccess;
  const limits = context.account.planLimits;
  const bypass = !!bypassing.canAccess;
  const adsAllowed = hasFeature(limits, 'pageAds', bypass);
  const termsAllowed = hasFeature(limits, 'terms', bypass);

  const save = async (values: PageInput) => {
    setUpsell(undefined);
    try {
      const { data } = await dataProvider.update<PageRecord>('pages', { id: page.id, data: values, previousData: page });
      reset(toPageForm(data));
      await refetch();
      notify('resources.pages.edit.saved', { type: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.upsell) setUpsell(error.upsell as UpsellId);
      const items = error instanceof ApiError ? error.api.errors : [];
      for (const item of items) if (item.path && item.path !== 'upsell') form.setError(item.path as never, { message: item.message });
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };

  return (
    <FormProvider {...form}>
      <Stack spacing={2} sx={{ mb: 2 }}>
        <Breadcrumbs aria-label="breadcrumb">
          <Link component={RouterLink} to="/pages" underline="hover" color="inherit">
            {translate('resources.pages.edit.breadcrumb')}
          </Link>
          <Typography color="text.primary">{page.name}</Typography>
        </Breadcrumbs>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} justifyContent="space-between">
          <Stack direction="row" spacing={2} alignItems="center">
            <Typography variant="h5" component="h1">
              {page.name}
            </Typography>
            <PageStatusField source="status" />
          </Stack>
          {canEdit && <PageStatusActions page={page} onUpsell={setUpsell} />}
        </Stack>
        <PublicLinks page={page} />
        {upsell && <Upsell id={upsell} dismissible={false} />}
        {!canEdit && <Alert severity="info">{translate('resources.pages.edit.readOnly')}</Alert>}
      </Stack>
      <Box component="form" noValidate onSubmit={form.handleSubmit(save)}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Stack spacing={2}>
              <Section title={translate('resources.pages.edit.details')}>
                <FormTextField name="name" label={translate('resources.pages.fields.name')} required disabled={!canEdit} />
                <FormTextField
                  name="slug"
                  label={translate('resources.pages.fields.slug')}
                  helperText={translate('resources.pages.edit.slugHint')}
                  required
                  disabled={!canEdit}
                />
                <FormTextField name="title" label={translate('resources.pages.fields.title')} required disabled={!canEdit} />
              </Section>
              <Section title={translate('resources.pages.edit.images')}>
                <PageImages canEdit={canEdit} adsAllowed={adsAllowed} />
              </Section>
              <Section title={translate('resources.pages.edit.submissions')}>
                <Stack>
                  <CaptureSwitch name="allowSubmissions" disabled={!canEdit} />
                  <CaptureSwitch name="requireApproval" disabled={!canEdit} />
                </Stack>
              </Section>
              <Section title={translate('resources.pages.edit.capture')}>
                <CaptureOptions disabled={!canEdit} />
              </Section>
              <Section title={translate('resources.pages.edit.lists')}>
                <ChoiceLists disabled={!canEdit} />
              </Section>
              <Section title={translate('resources.pages.edit.consent')}>
                <MarketingConsent disabled={!canEdit} />
              </Section>
              <Section title={translate('resources.pages.edit.terms')}>
                {!termsAllowed && <Upsell id="custom_terms" />}
                <CustomTermsEditor disabled={!canEdit || !termsAllowed} />
              </Section>
              {canEdit && (
                <Stack direction="row" spacing={2} alignItems="center">
                  <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
                    {translate('resources.pages.edit.save')}
                  </Button>
                  <FormRequiredMarker />
                </Stack>
              )}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
              <PagePhonePreview account={context.account} showAd={adsAllowed} />
            </Box>
          </Grid>
        </Grid>
      </Box>
    </FormProvider>
  );
};

/**
 * /pages/{pageId}: every capture option of a page, its status actions and a phone preview.
 * Read-only members open the same screen without its controls, so react-admin's own 'edit'
 * access check is off (the layout already requires a session; the server guards every write).
 */
export const PageEdit = () => (
  <EditBase mutationMode="pessimistic" redirect={false} disableAuthentication>
    <PageEditView />
  </EditBase>
);
