import { Stack } from '@mui/material';
import { Datagrid, List, SimpleList, Title, useCanAccess, useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/format';
import { TABLE_PAGE_SIZE } from '#shared/domain/constants';
import type { FanDataRow } from '#shared/domain/schemas/fanData';
import { useAppContext } from '../../appContext';
import { useIsPhone } from '../../components/useIsPhone';
import { ListItemEnd } from '../../components/ResponsiveDatagrid';
import { Upsell } from '../../components/Upsell';
import { cellText, COLUMN_SORTS, FAN_DATA_COLUMNS, fullName, rightsLabel, type FanDataColumn } from './fanDataColumns';
import { FanDataCell } from './FanDataCells';
import { FanDataFilters } from './FanDataFilters';
import { ColumnChooserButton } from './ColumnChooserDialog';
import { ExportLink } from './ExportLink';
import { PlayUploadButton } from './PlayUploadButton';
import { EraseFanButton } from './EraseFanDialog';
import { useHiddenColumns } from './useHiddenColumns';

/** Filters are a plan feature: plans without them show the data-filter upgrade instead. */
function useFiltersAllowed(): boolean | undefined {
  const { data: context } = useAppContext();
  const bypassing = useCanAccess({ resource: 'plan-limits', action: 'bypass' });
  if (!context?.account || bypassing.isPending) return undefined;
  return !!bypassing.canAccess || context.account.planLimits.filters !== 0;
}

/** Shown in a phone row's own places (title, date, play button), not among its details. */
const PHONE_PLACED: readonly FanDataColumn[] = ['name', 'createdAt', 'upload'];

const FanDataRows = ({ hidden }: { hidden: FanDataColumn[] }) => {
  const translate = useTranslate();
  const format = useFormat();
  const isPhone = useIsPhone();
  const empty = <>{translate('resources.data.empty')}</>;
  if (isPhone) {
    // The column choice applies on phones too: a row lists the chosen columns that have a value.
    const shown = (column: FanDataColumn) => !hidden.includes(column);
    const details = FAN_DATA_COLUMNS.filter((column) => shown(column) && !PHONE_PLACED.includes(column));
    const detailText = (row: FanDataRow) =>
      details
        .map((column) => {
          const text =
            column === 'marketingConsent'
              ? translate(row.marketingConsent ? 'ra.boolean.true' : 'ra.boolean.false')
              : column === 'rights'
                ? row.rights && translate(rightsLabel(row.rights))
                : cellText(row, column);
          return text ? `${translate(`resources.data.fields.${column}`)}: ${text}` : '';
        })
        .filter(Boolean)
        .join(' · ');
    return (
      <SimpleList<FanDataRow>
        primaryText={(row) => fullName(row) || row.email || ''}
        secondaryText={detailText}
        tertiaryText={(row) => (shown('createdAt') ? <ListItemEnd>{format.date(row.createdAt)}</ListItemEnd> : undefined)}
        leftIcon={(row) => (shown('upload') && row.uploadVideoId ? <PlayUploadButton uploadId={row.uploadVideoId} fan={fullName(row) || row.email || ''} /> : undefined)}
        rowClick={false}
        empty={empty}
      />
    );
  }
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={empty} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
      {FAN_DATA_COLUMNS.filter((column) => !hidden.includes(column)).map((column) => (
        <FanDataCell
          key={column}
          column={column}
          label={translate(`resources.data.fields.${column}`)}
          sortBy={COLUMN_SORTS[column] ?? column}
          sortable={!!COLUMN_SORTS[column]}
        />
      ))}
    </Datagrid>
  );
};

/** /data: what fans gave when they uploaded, 50 a page, filtered and sorted by the server. */
const FanDataList = () => {
  const translate = useTranslate();
  const filtersAllowed = useFiltersAllowed();
  const [hidden, setHidden] = useHiddenColumns();
  return (
    <>
      <Title title={translate('resources.data.name', { smart_count: 2 })} />
      <List
        resource="data"
        perPage={TABLE_PAGE_SIZE}
        sort={{ field: 'createdAt', order: 'DESC' }}
        exporter={false}
        empty={false}
        title={false}
        actions={
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" justifyContent="flex-end" sx={{ width: '100%', py: 1 }}>
            <ColumnChooserButton hidden={hidden} onChange={setHidden} />
            <ExportLink />
            <EraseFanButton />
          </Stack>
        }
      >
        {filtersAllowed === false ? <Upsell id="data-filter" /> : filtersAllowed && <FanDataFilters />}
        <FanDataRows hidden={hidden} />
      </List>
    </>
  );
};

export default FanDataList;
