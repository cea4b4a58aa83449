import { z } from 'zod';
import type { Deps } from '../deps';
import { nowIso } from '../db/rows';
import type { JobHandler } from '../adapters/queue';
import { mailTemplates } from '../services/mailTemplates';
import { recordMailSent, wasMailSent } from '../db/repositories/fanMails';
import { requestsOfLink } from '../db/repositories/rights';
import { releaseTextIn } from '../services/releaseTexts';
import { rightsLink } from '../services/rightsLinks';

const payloadSchema = z.object({ linkId: z.string().min(1) });

/**
 * 'rights-request-mail': one mail to one fan, in the language recorded at upload, listing the clips
 * staff asked about, the release text they would agree to and their signed link. Sent once (its
 * key in sent_mails); a fan erased meanwhile has no rows left and gets nothing.
 */
export const rightsRequestMailHandler =
  (deps: Pick<Deps, 'db' | 'mailer' | 'config'>): JobHandler =>
  async (payload) => {
    const { linkId } = payloadSchema.parse(payload);
    const key = `rights-request:${linkId}`;
    if (await wasMailSent(deps.db, key)) return;
    const clips = await requestsOfLink(deps.db, linkId);
    const first = clips.find((clip) => clip.email);
    if (!first?.email) return;
    const name = [first.firstName, first.lastName].filter(Boolean).join(' ');
    const mail = mailTemplates.rightsRequest(first.email, name, first.locale, {
      account: first.account,
      clips: clips.map((clip) => ({ type: clip.type, page: clip.page, uploadedAt: clip.uploadedAt })),
      text: releaseTextIn(first, first.locale),
      link: rightsLink(deps.config, linkId, first.expiresAt),
    });
    await deps.mailer.send(mail);
    await recordMailSent(deps.db, key, nowIso());
  };
