import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { USER_STATUSES } from '#shared/domain/roles';
import { SearchForm, SearchTextInput } from '../../components/SearchForm';
import { CheckboxesFilterInput, filterWidth } from '../../components/FilterInputs';

/** Search by name and by statuses (several at once), applied with the Search button (spec section 2). */
export const UserSearchBar = ({ action }: { action?: ReactNode }) => {
  const translate = useTranslate();
  return (
    <SearchForm action={action}>
      <SearchTextInput label="resources.admin/users.search.name" width={280} />
      <CheckboxesFilterInput
        source="status"
        label={translate('resources.admin/users.search.status')}
        choices={USER_STATUSES}
        choiceLabel={(status) => translate(`resources.admin/users.status.${status}`)}
        sx={filterWidth(260)}
      />
    </SearchForm>
  );
};
