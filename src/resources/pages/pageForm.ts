import type { PageInput } from '#shared/domain/schemas/page';
import { pickCaptureFlags } from '#shared/domain/schemas/captureFlags';
import type { Page } from '../records';

/** The edit form's values: every field of the schema, nulls as empty text. */
export function toPageForm(page: Page): PageInput {
  return {
    name: page.name,
    slug: page.slug,
    title: page.title,
    requireApproval: page.requireApproval,
    allowSubmissions: page.allowSubmissions,
    autoApprove: page.autoApprove,
    ...pickCaptureFlags(page),
    venueCities: page.venueCities,
    songList: page.songList,
    artistList: page.artistList,
    marketingConsent: page.marketingConsent,
    customTerms: page.customTerms,
    adUrl: page.adUrl ?? '',
    image: page.image,
    imageTmp: '',
    adImage: page.adImage,
    adImageTmp: '',
  };
}
