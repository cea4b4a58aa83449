import { parseJson, toBool } from '../db/rows';
import type { UploadListRow } from '../db/repositories/uploads';
import type { UploadCard } from '#shared/domain/schemas/uploads';

/** Where the public share page of an upload lives (served by the public side). */
export const shareLinkOf = (baseUrl: string, shareToken: string) => `${baseUrl}/s/${shareToken}`;

/** The stored files a card links to: signed together before the cards are built. */
export const cardFileKeys = (row: Pick<UploadListRow, 'original' | 'mp4' | 'webm' | 'thumbnail' | 'image' | 'customThumbnail'>) => [
  row.original,
  row.mp4,
  row.webm,
  row.thumbnail ?? row.image,
  row.customThumbnail,
];

/** The pipeline stores file-store keys; the browser gets their (signed) addresses. */
const addressOf = (fileUrl: (key: string) => string, key: string | null) => (key ? fileUrl(key) : null);

/** An upload row as the grid card and the dialog show it (spec console.md section 3, Upload). */
export function uploadCard(row: UploadListRow, baseUrl: string, fileUrl: (key: string) => string): UploadCard {
  const tags = parseJson<string[]>(row.tags, []);
  const isAllowed = toBool(row.isAllowed);
  return {
    id: row.id,
    type: row.type as UploadCard['type'],
    pageId: row.pageId,
    pageName: row.pageName ?? '',
    pageRequiresApproval: toBool(row.pageRequiresApproval),
    likingStatus: row.likingStatus ?? 'disabled',
    accountId: row.accountId,
    account: { name: row.accountName ?? '' },
    status: row.status,
    encodingStatus: row.encodingStatus,
    encodingError: row.encodingError ?? null,
    original: addressOf(fileUrl, row.original) ?? '',
    mp4: addressOf(fileUrl, row.mp4),
    mp4Proxy: toBool(row.mp4Proxy),
    webm: addressOf(fileUrl, row.webm),
    thumbnail: addressOf(fileUrl, row.thumbnail ?? row.image),
    customThumbnail: addressOf(fileUrl, row.customThumbnail),
    duration: row.duration === null ? null : Number(row.duration),
    createdAt: row.createdAt,
    approvedAt: row.approvedAt,
    approvedAutomatically: toBool(row.approvedAutomatically),
    requiresApproval: toBool(row.pageRequiresApproval) && row.encodingStatus === 'processed' && !row.approvedAt,
    isHidden: toBool(row.isHidden),
    isAllowed,
    isFlagged: row.moderationStatus === 'processed' && !isAllowed,
    viewCount: Number(row.viewCount),
    likeCount: Number(row.likeCount),
    shareLink: shareLinkOf(baseUrl, row.shareToken),
    tags,
    uploadData: { email: row.fanEmail, instagram: row.fanInstagram, tiktok: row.fanTiktok, tags },
    uploadModerationJob: { status: row.moderationStatus, moderationLabels: parseJson<unknown[]>(row.moderationLabels, []) },
    duplicateOf: row.duplicateOfId && row.duplicateOfCreatedAt ? { id: row.duplicateOfId, createdAt: row.duplicateOfCreatedAt } : null,
    rightsStatus: row.rightsStatus,
  };
}
