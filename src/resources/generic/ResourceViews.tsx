import type { ReactNode } from 'react';
import { Card, CardContent, type SxProps, type Theme } from '@mui/material';
import { CreateBase, Labeled, ShowBase, Title, useTranslate } from 'react-admin';
import { fieldLabelKey, labelKey, type AnyResource } from '#shared/resources/define';
import { fieldColumn } from './FieldColumn';
import { EditOrViewBase } from '../../components/RecordAccess';
import { ResourceCreateForm, ResourceEditForm } from './ResourceForm';
import { ResourceActions } from './ResourceActions';

/** A record's screen: the resource's singular name as the page title, its content on a card. */
const RecordCard = ({ resource, sx, children }: { resource: AnyResource; sx?: SxProps<Theme>; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate(labelKey(resource), { smart_count: 1 })} />
      <Card>
        <CardContent sx={sx}>{children}</CardContent>
      </Card>
    </>
  );
};

/**
 * Opening a record: its actions for the roles that may take them, then its form for members who
 * may edit, the same form read-only for those who may only read.
 */
export const ResourceEdit = ({ resource }: { resource: AnyResource }) => (
  <EditOrViewBase resource={resource.name} mutationMode="pessimistic" redirect="list">
    <RecordCard resource={resource}>
      <ResourceActions resource={resource} />
      <ResourceEditForm resource={resource} />
    </RecordCard>
  </EditOrViewBase>
);

export const ResourceCreate = ({ resource }: { resource: AnyResource }) => (
  <CreateBase resource={resource.name} redirect="list">
    <RecordCard resource={resource}>
      <ResourceCreateForm resource={resource} />
    </RecordCard>
  </CreateBase>
);

/** Every field of the record as text (react-admin's show view). */
export const ResourceShow = ({ resource }: { resource: AnyResource }) => (
  <ShowBase resource={resource.name}>
    <RecordCard resource={resource} sx={{ display: 'grid', gap: 2 }}>
      {Object.keys(resource.fields).map((source) => (
        <Labeled key={source} label={fieldLabelKey(resource, source)}>
          {fieldColumn(resource, source)}
        </Labeled>
      ))}
    </RecordCard>
  </ShowBase>
);
