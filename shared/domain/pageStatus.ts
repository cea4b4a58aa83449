import type { PAGE_STATUSES } from './schemas/page';

export type PageStatus = (typeof PAGE_STATUSES)[number];
export type PageStatusAction = 'enable' | 'disable' | 'archive';

/** Which statuses each action takes a page from, and to (the server refuses the others). */
export const PAGE_TRANSITIONS: Record<PageStatusAction, { from: readonly PageStatus[]; to: PageStatus }> = {
  enable: { from: ['pending', 'disabled', 'archived'], to: 'enabled' },
  disable: { from: ['enabled'], to: 'disabled' },
  archive: { from: ['enabled', 'disabled', 'pending'], to: 'archived' },
};

/** The buttons page edit offers (spec section 2): Enable when not enabled; Disable and Archive when enabled. */
export function pageActionsFor(status: PageStatus): PageStatusAction[] {
  return status === 'enabled' ? ['disable', 'archive'] : ['enable'];
}
