import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useListContext, useNotify, type GetListResult } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { SUBMISSION_PARAM, type UploadRecord } from './uploadRecord';

/** One page of the grid as the dialog moves through it. */
interface ReviewPage {
  data: UploadRecord[];
  page: number;
  total: number;
  totalCapped: boolean;
}

export interface ReviewPosition {
  /** The ?submission= id, or null when no dialog is open. */
  openId: string | null;
  /** The open upload on the page the dialog moves through, or undefined (not on it: the dialog on its own). */
  upload: UploadRecord | undefined;
  /** 0-based place in the whole filtered list, and its total (a lower bound when capped). */
  index: number;
  total: number;
  totalCapped: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  open: (id: string | null) => void;
  move: (step: -1 | 1) => void;
}

/**
 * Where the content dialog is in the grid's filtered list, and previous/next across pager
 * pages (at the last card of a page, next opens the first card of the next page and the grid's
 * page follows; likewise backwards). The page and ?submission= change in one navigation.
 *
 * While reviewing, an upload the filters no longer match (approved under Requires Approval...)
 * leaves the refreshed page: the dialog keeps its place on the page as it was when it got there.
 */
export function useReviewPosition(): ReviewPosition {
  const { data, total, page, perPage, meta, filterValues, sort, resource, isPlaceholderData } = useListContext<UploadRecord>();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const openId = params.get(SUBMISSION_PARAM);
  const rows: UploadRecord[] | undefined = data;
  const current: ReviewPage | undefined =
    rows && !isPlaceholderData
      ? {
          data: rows,
          page,
          total: typeof total === 'number' ? total : rows.length,
          totalCapped: !!(meta as { totalCapped?: boolean } | undefined)?.totalCapped,
        }
      : undefined;
  const [kept, setKept] = useState<ReviewPage | undefined>(undefined);
  const inCurrent = !!current && !!openId && current.data.some((upload) => upload.id === openId);
  // The page the open upload was last seen on is kept as it was (React's 'adjusting state while rendering').
  if (inCurrent && (kept?.data !== current.data || kept.page !== current.page || kept.total !== current.total)) setKept(current);
  const list = inCurrent ? current : kept?.data.some((upload) => upload.id === openId) ? kept : undefined;
  const at = list && openId ? list.data.findIndex((upload) => upload.id === openId) : -1;

  const navigate = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      // Moving inside the dialog replaces the entry, so Back leaves the review.
      { replace: !!changes[SUBMISSION_PARAM] && !!openId },
    );
  const open = (id: string | null) => navigate({ [SUBMISSION_PARAM]: id });

  const hasNextPage = !!list && list.page * perPage < list.total;
  const cross = async (target: ReviewPage['page'], edge: 'first' | 'last') => {
    try {
      // Read through react-admin's own query of that page, so the grid finds it loaded when it follows.
      const pagination = { page: target, perPage };
      const result = await queryClient.fetchQuery<GetListResult<UploadRecord>>({
        queryKey: [resource, 'getList', { pagination, sort, filter: filterValues, meta: undefined }],
        queryFn: () =>
          dataProvider
            .getList<UploadRecord>(resource, { pagination, sort, filter: filterValues })
            .then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
      });
      const upload = edge === 'first' ? result.data[0] : result.data.at(-1);
      if (!upload) return;
      setKept({
        data: result.data,
        page: target,
        total: result.total ?? result.data.length,
        totalCapped: !!(result.meta as { totalCapped?: boolean } | undefined)?.totalCapped,
      });
      navigate({ page: String(target), [SUBMISSION_PARAM]: upload.id });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  const move = (step: -1 | 1) => {
    if (!list || at < 0) return;
    const next = list.data[at + step];
    if (next) open(next.id);
    else if (step === 1 && hasNextPage) void cross(list.page + 1, 'first');
    else if (step === -1 && list.page > 1) void cross(list.page - 1, 'last');
  };

  const offset = list ? (list.page - 1) * perPage : 0;
  return {
    openId,
    upload: at >= 0 ? list!.data[at] : undefined,
    index: offset + Math.max(at, 0),
    total: list?.total ?? 0,
    totalCapped: list?.totalCapped ?? false,
    hasPrevious: at > 0 || (!!list && list.page > 1),
    hasNext: !!list && (at < list.data.length - 1 || hasNextPage),
    open,
    move,
  };
}
