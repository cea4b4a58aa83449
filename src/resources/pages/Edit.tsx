import { useMemo, useState, type ReactNode } from 'react';
import { Box, Card, CardContent, Grid, Link, Stack, Typography } from '@mui/material';
import { Form, Loading, SaveButton, TextInput, useCanAccess, useEditContext, useNotify, useTranslate } from 'react-admin';
import { EditOrViewBase, ReadOnlyNotice, useCanEditRecord } from '../../components/RecordAccess';
import type { UpsellId } from '#shared/domain/constants';
import { pageUpdateBody } from '#shared/domain/schemas/page';
import { ApiError } from '../../apiError';
import { useAppContext } from '../../appContext';
import { useZodResolver } from '../../forms/zodResolver';
import { FormRequiredMarker } from '../../forms/FormNotices';
import { Upsell } from '../../components/Upsell';
import { RecordHeader } from '../../components/RecordHeader';
import { toPageForm } from './pageForm';
import type { Page } from '../records';
import { PageStatusField } from './PageStatusField';
import { PageStatusActions } from './PageStatusActions';
import { VenueScreenActions } from './VenueScreenActions';
import { CaptureSwitch } from './CaptureSwitch';
import { CaptureOptions } from './CaptureOptions';
import { ChoiceLists, MarketingConsent } from './ChoiceLists';
import { CustomTermsEditor } from './CustomTermsEditor';
import { PageImages } from './PageImages';
import { PagePhonePreview } from './PagePhonePreview';
import { WallEmbed } from './WallEmbed';
import { hasFeature } from '#shared/domain/plans';

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

const PublicLinks = ({ page }: { page: Page }) => {
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

/** The page's fields; each section's inputs belong to the surrounding react-admin Form. */
const PageFields = ({ page, canEdit, adsAllowed, termsAllowed }: { page: Page; canEdit: boolean; adsAllowed: boolean; termsAllowed: boolean }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Section title={translate('resources.pages.edit.details')}>
        <TextInput source="name" label="resources.pages.fields.name" isRequired disabled={!canEdit} helperText={false} />
        <TextInput source="slug" label="resources.pages.fields.slug" helperText="resources.pages.edit.slugHint" isRequired disabled={!canEdit} />
        <TextInput source="title" label="resources.pages.fields.title" isRequired disabled={!canEdit} helperText={false} />
      </Section>
      <Section title={translate('resources.pages.edit.images')}>
        <PageImages canEdit={canEdit} adsAllowed={adsAllowed} />
      </Section>
      <Section title={translate('resources.pages.edit.submissions')}>
        <Stack>
          <CaptureSwitch name="allowSubmissions" disabled={!canEdit} />
          <CaptureSwitch name="requireApproval" disabled={!canEdit} />
          <CaptureSwitch name="autoApprove" disabled={!canEdit} />
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
      <Section title={translate('resources.pages.edit.embed')}>
        <WallEmbed address={page.address} title={page.title} />
      </Section>
      {canEdit && (
        <Stack direction="row" spacing={2} alignItems="center">
          <SaveButton label="resources.pages.edit.save" icon={<></>} alwaysEnable />
          <FormRequiredMarker />
        </Stack>
      )}
    </Stack>
  );
};

const PageEditView = ({ upsell, onUpsell }: { upsell?: UpsellId; onUpsell: (id: UpsellId) => void }) => {
  const translate = useTranslate();
  const { record: page, isPending } = useEditContext<Page>();
  const { data: context } = useAppContext();
  // The PUT body's schema: a cleared react-admin input sends null, which it reads as blank.
  const resolver = useZodResolver(pageUpdateBody);
  const canEdit = useCanEditRecord();
  const bypassing = useCanAccess({ resource: 'plan-limits', action: 'bypass' });
  const values = useMemo(() => page && toPageForm(page), [page]);

  if (isPending || !page || !values || !context?.account || bypassing.isPending) return <Loading />;
  const limits = context.account.planLimits;
  const bypass = !!bypassing.canAccess;
  const adsAllowed = hasFeature(limits, 'pageAds', bypass);
  const termsAllowed = hasFeature(limits, 'terms', bypass);

  return (
    <>
      <Stack spacing={2} sx={{ mb: 2 }}>
        <RecordHeader
          listPath="/pages"
          listLabel={translate('resources.pages.edit.breadcrumb')}
          name={page.name}
          status={<PageStatusField source="status" />}
          actions={
            <Stack direction="row" useFlexGap flexWrap="wrap" gap={1}>
              <VenueScreenActions page={page} canEdit={canEdit} />
              {canEdit && <PageStatusActions page={page} onUpsell={onUpsell} />}
            </Stack>
          }
        />
        <PublicLinks page={page} />
        {upsell && <Upsell id={upsell} />}
        <ReadOnlyNotice message="resources.pages.edit.readOnly" />
      </Stack>
      <Form record={values} resolver={resolver} disableInvalidFormNotification noValidate>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <PageFields page={page} canEdit={canEdit} adsAllowed={adsAllowed} termsAllowed={termsAllowed} />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Box sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
              <PagePhonePreview account={context.account} showAd={adsAllowed} />
            </Box>
          </Grid>
        </Grid>
      </Form>
    </>
  );
};

/**
 * /pages/{pageId}: every capture option of a page, its status actions and a phone preview.
 * Read-only members open the same screen without its controls (EditOrViewBase checks 'show'
 * where react-admin's EditBase would ask for 'edit'; the server guards every write).
 */
const PageEdit = () => {
  const notify = useNotify();
  const [upsell, setUpsell] = useState<UpsellId>();
  return (
    <EditOrViewBase
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        onMutate: () => setUpsell(undefined),
        onSuccess: () => notify('resources.pages.edit.saved', { type: 'success' }),
        onError: (error: unknown) => {
          if (error instanceof ApiError && error.upsell) setUpsell(error.upsell as UpsellId);
          notify(error instanceof Error ? error.message : String(error), { type: 'error' });
        },
      }}
    >
      <PageEditView upsell={upsell} onUpsell={setUpsell} />
    </EditOrViewBase>
  );
};

export default PageEdit;
