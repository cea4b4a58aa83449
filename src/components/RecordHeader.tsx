import type { ReactNode } from 'react';
import { Breadcrumbs, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The top of a record's screen: the breadcrumb back to its list, then the heading with the
 * record's status beside it, and the record's actions at the end of the row (below on phones).
 */
export const RecordHeader = ({
  listPath,
  listLabel,
  name,
  title = name,
  status,
  actions,
}: {
  listPath: string;
  listLabel: string;
  name: string;
  title?: string;
  status: ReactNode;
  actions?: ReactNode;
}) => (
  <>
    <Breadcrumbs aria-label="breadcrumb">
      <Link component={RouterLink} to={listPath} underline="hover" color="inherit">
        {listLabel}
      </Link>
      <Typography color="text.primary">{name}</Typography>
    </Breadcrumbs>
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} justifyContent="space-between">
      <Stack direction="row" spacing={2} alignItems="center">
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {status}
      </Stack>
      {actions}
    </Stack>
  </>
);
