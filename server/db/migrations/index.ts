import * as initial from './20261122000000-Initial';
import * as attempts from './20261123010000-Attempts';
import * as lowerCasePageSlugs from './20261123020000-LowerCasePageSlugs';
import * as temporaryUploads from './20261123020100-TemporaryUploads';
import * as captureUploads from './20261123030000-CaptureUploads';
import * as consentRecords from './20261123030100-ConsentRecords';
import * as jobLeases from './20261123050000-JobLeases';
import * as uploadReview from './20261123060000-UploadReview';
import * as pipeline from './20261124020000-Pipeline';
import * as statsRollups from './20261124070000-StatsRollups';
import * as billing from './20261124080000-Billing';
import * as listIndexes from './20261125020000-ListIndexes';
import * as statsMonthCounters from './20261125030000-StatsMonthCounters';
import * as pendingBillingType from './20261125050000-PendingBillingType';
import * as uploadFilterIndexes from './20261126010000-UploadFilterIndexes';
import * as uploadFanAnswers from './20261127010000-UploadFanAnswers';
import * as captureClientTokens from './20261128010000-CaptureClientTokens';
import * as jobPriorities from './20261128020000-JobPriorities';
import * as suspectedSpam from './20261128030000-SuspectedSpam';
import * as submissionClaims from './20261128030100-SubmissionClaims';
import * as accountTermsUrl from './20261129050000-AccountTermsUrl';
import * as fanLocale from './20261130010000-FanLocale';
import * as userLocale from './20261130020000-UserLocale';
import * as webhookDeliveriesIdIndex from './20261130030000-WebhookDeliveriesIdIndex';
import * as invitesPendingIndex from './20261130040000-InvitesPendingIndex';

/** Every migration, in order. A new migration is a new file and a line here. */
export const migrations = {
  '20261122000000-Initial': initial,
  '20261123010000-Attempts': attempts,
  '20261123020000-LowerCasePageSlugs': lowerCasePageSlugs,
  '20261123020100-TemporaryUploads': temporaryUploads,
  '20261123030000-CaptureUploads': captureUploads,
  '20261123030100-ConsentRecords': consentRecords,
  '20261123050000-JobLeases': jobLeases,
  '20261123060000-UploadReview': uploadReview,
  '20261124020000-Pipeline': pipeline,
  '20261124070000-StatsRollups': statsRollups,
  '20261124080000-Billing': billing,
  '20261125020000-ListIndexes': listIndexes,
  '20261125030000-StatsMonthCounters': statsMonthCounters,
  '20261125050000-PendingBillingType': pendingBillingType,
  '20261126010000-UploadFilterIndexes': uploadFilterIndexes,
  '20261127010000-UploadFanAnswers': uploadFanAnswers,
  '20261128010000-CaptureClientTokens': captureClientTokens,
  '20261128020000-JobPriorities': jobPriorities,
  '20261128030000-SuspectedSpam': suspectedSpam,
  '20261128030100-SubmissionClaims': submissionClaims,
  '20261129050000-AccountTermsUrl': accountTermsUrl,
  '20261130010000-FanLocale': fanLocale,
  '20261130020000-UserLocale': userLocale,
  '20261130030000-WebhookDeliveriesIdIndex': webhookDeliveriesIdIndex,
  '20261130040000-InvitesPendingIndex': invitesPendingIndex,
};
