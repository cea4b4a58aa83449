import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import {
  AutocompleteInput,
  DateInput,
  Form,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  useCanAccess,
  useCreate,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { REEL_MAX_CLIPS, REEL_RULE_DEFAULT_COUNT, REEL_RULE_ORDERS, reelRuleSchema } from '#shared/domain/reels';
import { requiredText } from '#shared/domain/schemas/common';
import { useZodResolver } from '../../forms/zodResolver';
import { submissionErrors } from '../../forms/submissionErrors';
import { useReelsAllowed } from '../uploads/MakeReelButton';

const key = (name: string) => `resources.reels.rule.${name}`;

/** Empty inputs (react-admin gives null) are choices not made: the rule leaves them out. */
const chosen = (value: unknown) =>
  value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== '' && v !== undefined)) : value;
const formSchema = z.object({ name: requiredText(100), rule: z.preprocess(chosen, reelRuleSchema) });

/**
 * 'Best of a page': a reel made by a rule rather than a selection, the approved, shown videos of
 * one page between two dates (with a tag), most liked, most viewed or newest first. The reel's
 * page opens once it is made; the server's refusals land under their inputs.
 */
export const ReelByRuleButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const { canAccess } = useCanAccess({ resource: 'reels', action: 'create' });
  const { allowed } = useReelsAllowed();
  const resolver = useZodResolver(formSchema);
  const [open, setOpen] = useState(false);
  const [create] = useCreate();
  if (!canAccess || !allowed) return null;

  const submit = async (values: FieldValues) => {
    const { name, rule } = formSchema.parse(values);
    try {
      const reel = await create('reels', { data: { name, rule } }, { returnPromise: true });
      setOpen(false);
      notify(key('made'), { type: 'info', messageArgs: { smart_count: (reel.clips as string[]).length } });
      redirect('edit', 'reels', reel.id);
      return undefined;
    } catch (error) {
      return submissionErrors(error);
    }
  };

  return (
    <>
      <Button variant="contained" size="small" startIcon={<AutoAwesomeIcon />} onClick={() => setOpen(true)}>
        {translate(key('button'))}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="reel-rule-title" fullWidth maxWidth="sm">
        <Form
          record={{ name: translate(key('defaultName')), rule: { by: 'likes', count: REEL_RULE_DEFAULT_COUNT } }}
          resolver={resolver}
          onSubmit={submit}
          disableInvalidFormNotification
          noValidate
        >
          <DialogTitle id="reel-rule-title">{translate(key('title'))}</DialogTitle>
          <DialogContent>
            <TextInput source="name" label={key('name')} isRequired fullWidth variant="outlined" />
            <ReferenceInput source="rule.pageId" reference="pages" sort={{ field: 'name', order: 'ASC' }}>
              <AutocompleteInput label={key('page')} optionText="name" isRequired fullWidth variant="outlined" />
            </ReferenceInput>
            <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2}>
              <DateInput source="rule.startDate" label={key('startDate')} fullWidth variant="outlined" />
              <DateInput source="rule.endDate" label={key('endDate')} fullWidth variant="outlined" />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={2}>
              <SelectInput
                source="rule.by"
                label={key('by')}
                choices={REEL_RULE_ORDERS.map((id) => ({ id, name: key(`orders.${id}`) }))}
                isRequired
                fullWidth
                variant="outlined"
              />
              <NumberInput source="rule.count" label={key('count')} min={2} max={REEL_MAX_CLIPS} step={1} fullWidth variant="outlined" />
            </Stack>
            <TextInput source="rule.tag" label={key('tag')} helperText={key('tagHint')} fullWidth variant="outlined" />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <SaveButton label={key('make')} icon={<AutoAwesomeIcon />} alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
};
