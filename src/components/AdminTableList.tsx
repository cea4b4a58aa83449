import type { ReactElement, ReactNode } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { List, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { TABLE_PAGE_SIZE } from '#shared/domain/constants';
import { ResponsiveDatagrid, type PhoneListProps } from './ResponsiveDatagrid';

interface AdminTableListProps {
  /** i18n key of the screen's title. */
  title: string;
  /** The search bar, given the New button to show beside it. */
  searchBar: (action: ReactElement) => ReactElement;
  create: { to: string; label: string };
  phone: PhoneListProps;
  children: ReactNode;
}

/**
 * A platform-admin table: searched, sorted and paged by the server, 50 a page, newest first,
 * with a New button beside the search bar and a simple list on phones.
 */
export const AdminTableList = ({ title, searchBar, create, phone, children }: AdminTableListProps) => {
  const translate = useTranslate();
  const newButton = (
    <Button component={Link} to={create.to} variant="contained" startIcon={<AddIcon />}>
      {translate(create.label)}
    </Button>
  );
  return (
    <List perPage={TABLE_PAGE_SIZE} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false} empty={false} actions={false} title={translate(title)}>
      {searchBar(newButton)}
      <ResponsiveDatagrid phone={phone}>{children}</ResponsiveDatagrid>
    </List>
  );
};
