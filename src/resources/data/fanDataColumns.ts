import { countryName, usStateName } from '#shared/domain/regions';
import { i18nProvider } from '../../i18n';
import { intlTag } from '../../i18n/format';
import type { FanDataRow, FanDataSort } from '#shared/domain/schemas/fanData';

/**
 * The table's columns in the spec's order (console.md section 2). `sort` names the server sort
 * a column's header asks for; columns without one are not sortable.
 */
export const FAN_DATA_COLUMNS = [
  'createdAt',
  'name',
  'email',
  'dob',
  'country',
  'cityState',
  'zip',
  'phone',
  'instagram',
  'tiktok',
  'venueCity',
  'song',
  'artist',
  'views',
  'likes',
  'upload',
  'marketingConsent',
  'rights',
] as const;
export type FanDataColumn = (typeof FAN_DATA_COLUMNS)[number];

export const COLUMN_SORTS: Partial<Record<FanDataColumn, FanDataSort>> = {
  createdAt: 'createdAt',
  name: 'name',
  email: 'email',
  country: 'country',
  venueCity: 'venueCity',
  song: 'song',
  artist: 'artist',
  marketingConsent: 'marketingConsent',
};

/** The translation key of an upload's rights status in its column (whose header says 'Rights': 'Granted', not 'Rights granted'). */
export const rightsLabel = (status: NonNullable<FanDataRow['rights']>) => `resources.data.rightsStatus.${status}`;

export const fullName = (row: FanDataRow) => [row.firstName, row.lastName].filter(Boolean).join(' ');
/** The console's language, for country names (the user's choice, not the browser's). */
const viewerLocale = () => intlTag(i18nProvider.getLocale());
/** City and state as the table shows them: a US state by its name (stored as its code). */
const cityState = (row: FanDataRow) => [row.city, row.country === 'US' ? usStateName(row.state) : row.state].filter(Boolean).join(', ');

/** Plain text of a text column (the Upload, consent and date columns render themselves). */
export function cellText(row: FanDataRow, column: FanDataColumn): string {
  switch (column) {
    case 'name':
      return fullName(row);
    case 'cityState':
      return cityState(row);
    case 'country':
      return countryName(row.country, viewerLocale());
    case 'views':
    case 'likes':
      return String(row[column]);
    case 'createdAt':
    case 'upload':
    case 'marketingConsent':
    case 'rights':
      return '';
    default:
      return row[column] ?? '';
  }
}
