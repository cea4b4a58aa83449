import { Box, Stack } from '@mui/material';
import {
  CreateButton,
  FilterForm,
  ListBase,
  NumberField,
  Pagination,
  SearchInput,
  TextField,
  TextInput,
  Title,
  useCanAccess,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { z } from 'zod';
import { fieldLabelKey, labelKey, type AnyResource } from '@shared/resources/define';
import { fieldKind } from '@shared/resources/fields';
import { ResponsiveDatagrid } from '../../components/ResponsiveDatagrid';

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
    ...(resource.search?.length ? [<SearchInput key="q" source="q" alwaysOn placeholder={translate('ra.action.search')} slotProps={{ htmlInput: { 'aria-label': translate('ra.action.search') } }} />] : []),
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
      <ResponsiveDatagrid phone={{ primaryText: (record: RaRecord) => String(record[first] ?? ''), secondaryText: (record: RaRecord) => String(record[columns[1]] ?? '') }}>
        {columns.map((source) => {
          const common = { source, label: fieldLabelKey(resource, source), sortable: resource.sorts.includes(source) };
          return fieldKind(resource.fields[source] as z.ZodType).kind === 'number' ? <NumberField key={source} {...common} /> : <TextField key={source} {...common} />;
        })}
      </ResponsiveDatagrid>
      <Pagination />
    </ListBase>
  );
};
