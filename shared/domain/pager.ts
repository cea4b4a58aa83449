/**
 * The grid pager of spec console.md section 9: up to 5 page numbers around the current one,
 * with an ellipsis on the side where pages are left out.
 */
type PagerItem = number | 'start-ellipsis' | 'end-ellipsis';

const PAGER_NUMBERS = 5;

/**
 * `more`: there are pages past `pageCount` that are not counted yet (a capped total): the pager
 * ends with an ellipsis and shows no number it does not know of.
 */
export function pagerItems(page: number, pageCount: number, more = false): PagerItem[] {
  if (pageCount <= 1) return pageCount === 1 ? (more ? [1, 'end-ellipsis'] : [1]) : [];
  const current = Math.min(Math.max(page, 1), pageCount);
  const span = Math.min(PAGER_NUMBERS, pageCount);
  const first = Math.min(Math.max(current - Math.floor(span / 2), 1), pageCount - span + 1);
  const numbers = Array.from({ length: span }, (_, index) => first + index);
  const items: PagerItem[] = [];
  if (first > 1) items.push('start-ellipsis');
  items.push(...numbers);
  if (more || first + span - 1 < pageCount) items.push('end-ellipsis');
  return items;
}

/** A count that stopped at its cap, for display: '1,000+' at the cap, else the number. */
export function cappedCountLabel(count: number, cap: number): string {
  return count >= cap ? `${cap.toLocaleString('en-US')}+` : count.toLocaleString('en-US');
}
