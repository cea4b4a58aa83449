import { Card, CardContent } from '@mui/material';
import { CreateBase, Labeled, ShowBase, Title, useTranslate } from 'react-admin';
import { fieldLabelKey, labelKey, type AnyResource } from '#shared/resources/define';
import { fieldColumn } from './FieldColumn';
import { EditOrViewBase } from '../../components/RecordAccess';
import { ResourceCreateForm, ResourceEditForm } from './ResourceForm';

const TitleOf = ({ resource }: { resource: AnyResource }) => {
  const translate = useTranslate();
  return <Title title={translate(labelKey(resource), { smart_count: 1 })} />;
};

/** Opening a record: its form for members who may edit, the same form read-only for those who may only read. */
export const ResourceEdit = ({ resource }: { resource: AnyResource }) => (
  <EditOrViewBase resource={resource.name} mutationMode="pessimistic" redirect="list">
    <TitleOf resource={resource} />
    <Card>
      <CardContent>
        <ResourceEditForm resource={resource} />
      </CardContent>
    </Card>
  </EditOrViewBase>
);

export const ResourceCreate = ({ resource }: { resource: AnyResource }) => (
  <CreateBase resource={resource.name} redirect="list">
    <TitleOf resource={resource} />
    <Card>
      <CardContent>
        <ResourceCreateForm resource={resource} />
      </CardContent>
    </Card>
  </CreateBase>
);

/** Every field of the record as text (react-admin's show view). */
export const ResourceShow = ({ resource }: { resource: AnyResource }) => (
  <ShowBase resource={resource.name}>
    <TitleOf resource={resource} />
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        {Object.keys(resource.fields).map((source) => (
          <Labeled key={source} label={fieldLabelKey(resource, source)}>
            {fieldColumn(resource, source)}
          </Labeled>
        ))}
      </CardContent>
    </Card>
  </ShowBase>
);
