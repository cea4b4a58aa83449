import { Box, Stack } from '@mui/material';
import { CreateButton, FilterForm, ListBase, Pagination, TextInput, Title, useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { actionsOf, fieldLabelKey, labelKey, type AnyResource } from '#shared/resources/define';
import { ResponsiveDatagrid } from '../../components/ResponsiveDatagrid';
import { SearchInput } from '../../components/SearchInput';
import { fieldColumn } from './FieldColumn';

/** Where a row leads: the record's form, or its show view when it has no edit (a log). */
export const rowClickOf = (resource: AnyResource) => (actionsOf(resource).includes('edit') ? 'edit' : actionsOf(resource).includes('show') ? 'show' : false);

/** The columns a list shows: the declared ones, or the first four fields. */
export const listFieldsOf = (resource: AnyResource): string[] => [...(resource.listFields ?? Object.keys(resource.fields).slice(0, 4))];

/**
 * A declared resource's default list: react-admin's ListBase with search (`q`) and its declared
 * filters, sortable by its declared sorts, paged by the server; rows open the record (edit, or
 * read-only for members who may not edit). New only for those who may create.
 */
export const ResourceList = ({ resource }: { resource: AnyResource }) => {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource: resource.name, action: 'create' });
  const columns = listFieldsOf(resource);
  const filters = [
    // Its words: the resource's resources.<name>.search ('Search venues'), else 'Search'.
    ...(resource.search?.length ? [<SearchInput key="q" source="q" alwaysOn />] : []),
    ...(resource.filters ?? []).map((field) => <TextInput key={field} source={field} label={fieldLabelKey(resource, field)} alwaysOn />),
  ];
  const [first] = columns;
  return (
    <ListBase resource={resource.name} sort={{ field: resource.defaultSort, order: 'ASC' }} perPage={25}>
      <Title title={translate(labelKey(resource), { smart_count: 2 })} />
      <Stack direction="row" sx={{ alignItems: 'flex-end', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Box sx={{ flex: 1 }}>{filters.length ? <FilterForm filters={filters} /> : null}</Box>
        {canCreate ? <CreateButton resource={resource.name} /> : null}
      </Stack>
      <ResponsiveDatagrid
        rowClick={rowClickOf(resource)}
        phone={{ primaryText: (record: RaRecord) => String(record[first] ?? ''), secondaryText: (record: RaRecord) => String(record[columns[1]] ?? '') }}
      >
        {columns.map((source) => fieldColumn(resource, source))}
      </ResponsiveDatagrid>
      <Pagination />
    </ListBase>
  );
};
