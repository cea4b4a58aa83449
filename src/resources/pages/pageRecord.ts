import type { PageInput } from '#shared/domain/schemas/page';
import { pickCaptureFlags } from '#shared/domain/schemas/captureFlags';

/** A page as GET /api/pages/{id} answers it. */
export interface PageRecord
  extends Omit<PageInput, 'venueCities' | 'songList' | 'artistList' | 'marketingConsent' | 'adUrl' | 'image' | 'adImage' | 'imageTmp' | 'adImageTmp'> {
  id: string;
  accountId: string;
  status: 'pending' | 'enabled' | 'disabled' | 'archived';
  createdAt: string;
  address: string;
  mobileAddress: string;
  venueCities: string | null;
  songList: string | null;
  artistList: string | null;
  marketingConsent: string | null;
  adUrl: string | null;
  image: string | null;
  adImage: string | null;
}

/** The edit form's values: every field of the schema, nulls as empty text. */
export function toPageForm(page: PageRecord): PageInput {
  return {
    name: page.name,
    slug: page.slug,
    title: page.title ?? '',
    requireApproval: page.requireApproval,
    allowSubmissions: page.allowSubmissions,
    ...pickCaptureFlags(page),
    venueCities: page.venueCities ?? '',
    songList: page.songList ?? '',
    artistList: page.artistList ?? '',
    marketingConsent: page.marketingConsent ?? '',
    customTerms: page.customTerms,
    adUrl: page.adUrl ?? '',
    image: page.image,
    imageTmp: '',
    adImage: page.adImage,
    adImageTmp: '',
  };
}

/** The lines of a one-item-per-line list, blanks dropped. */
export { listItems } from '#shared/domain/schemas/page';
