import { IconButton, PaginationItem, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useListContext, useTranslate } from 'react-admin';
import { useFormat } from '../../i18n/format';
import { pagerItems } from '#shared/domain/pager';

/**
 * The grid's pager: previous, up to 5 page numbers with ellipses, next, and what is shown. A
 * capped total (the list counted only so far, `totalCapped`) reads '1–48 of 2,000+': no page
 * number past what is counted, the next page button by `hasNextPage`.
 */
export const GridPager = () => {
  const translate = useTranslate();
  const { number } = useFormat();
  const { page, perPage, total, setPage, resource, meta } = useListContext();
  if (!total) return null;
  const { totalCapped = false, hasNextPage } = (meta ?? {}) as { totalCapped?: boolean; hasNextPage?: boolean };
  const pageCount = Math.ceil(total / perPage);
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.${resource}.pager.${key}`, args);
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  const hasNext = hasNextPage ?? page < pageCount;
  const count = number(total);
  return (
    <Stack
      component="nav"
      aria-label={t('label')}
      direction="row"
      alignItems="center"
      justifyContent="center"
      useFlexGap
      flexWrap="wrap"
      gap={0.5}
      sx={{ mt: 2 }}
    >
      <IconButton size="small" aria-label={t('previous')} disabled={page <= 1} onClick={() => setPage(page - 1)}>
        <ChevronLeftIcon />
      </IconButton>
      {pagerItems(page, pageCount, totalCapped).map((item) =>
        typeof item === 'number' ? (
          <PaginationItem
            key={item}
            page={item}
            selected={item === page}
            aria-label={t('page', { page: item })}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => setPage(item)}
          />
        ) : (
          <PaginationItem key={item} type={item} component="span" />
        ),
      )}
      <IconButton size="small" aria-label={t('next')} disabled={!hasNext} onClick={() => setPage(page + 1)}>
        <ChevronRightIcon />
      </IconButton>
      <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
        {t(totalCapped ? 'summaryCapped' : 'summary', { from: number(from), to: number(to), total: count })}
      </Typography>
    </Stack>
  );
};
