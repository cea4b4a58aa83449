import { Readable } from 'node:stream';
import type { Db } from '../../../server/db';
import type { Fixture } from './fixture';
import { LATER, NOW } from './fixture';
import { resources } from '#shared/resources/index';
import { userMessages } from '#shared/resources/user-messages';
import { parentOf, type AnyResource } from '#shared/resources/define';
import { accountUsersQuery } from '#shared/domain/schemas/accountUsers';
import { adminAccountsQuery } from '#shared/domain/schemas/adminAccounts';
import { adminUsersQuery } from '#shared/domain/schemas/adminUsers';
import * as access from '../../../server/db/repositories/access';
import * as accountMembers from '../../../server/db/repositories/accountMembers';
import * as accounts from '../../../server/db/repositories/accounts';
import * as attempts from '../../../server/db/repositories/attempts';
import * as autoApproval from '../../../server/db/repositories/autoApproval';
import * as benchInsights from '../../../server/db/repositories/benchInsights';
import * as billing from '../../../server/db/repositories/billing';
import * as captureEvents from '../../../server/db/repositories/captureEvents';
import * as captureUploads from '../../../server/db/repositories/captureUploads';
import * as consentRecords from '../../../server/db/repositories/consentRecords';
import * as declared from '../../../server/db/repositories/declared';
import * as demoSeedContent from '../../../server/db/repositories/demoSeedContent';
import * as demoSeedDates from '../../../server/db/repositories/demoSeedDates';
import * as demoSeedEvents from '../../../server/db/repositories/demoSeedEvents';
import * as demoSeedPages from '../../../server/db/repositories/demoSeedPages';
import { readsOwnRepository } from '../../../server/resources/behaviours';
import * as fanMails from '../../../server/db/repositories/fanMails';
import * as fileReferences from '../../../server/db/repositories/fileReferences';
import * as health from '../../../server/db/repositories/health';
import * as integrations from '../../../server/db/repositories/integrations';
import * as invitations from '../../../server/db/repositories/invitations';
import * as jobs from '../../../server/db/repositories/jobs';
import * as mailDigests from '../../../server/db/repositories/mailDigests';
import * as musicianProfiles from '../../../server/db/repositories/musicianProfiles';
import * as pages from '../../../server/db/repositories/pages';
import * as paginate from '../../../server/db/repositories/paginate';
import * as planWrites from '../../../server/db/repositories/planWrites';
import * as plans from '../../../server/db/repositories/plans';
import * as publicUploads from '../../../server/db/repositories/publicUploads';
import * as reels from '../../../server/db/repositories/reels';
import * as rights from '../../../server/db/repositories/rights';
import * as sessions from '../../../server/db/repositories/sessions';
import * as stats from '../../../server/db/repositories/stats';
import * as statsCounts from '../../../server/db/repositories/statsCounts';
import * as statsRebuild from '../../../server/db/repositories/statsRebuild';
import * as statsRollups from '../../../server/db/repositories/statsRollups';
import * as submissions from '../../../server/db/repositories/submissions';
import * as suspectedSpam from '../../../server/db/repositories/suspectedSpam';
import * as temporaryUploads from '../../../server/db/repositories/temporaryUploads';
import * as tokens from '../../../server/db/repositories/tokens';
import * as uploadEvents from '../../../server/db/repositories/uploadEvents';
import * as uploadFingerprints from '../../../server/db/repositories/uploadFingerprints';
import * as uploadAngles from '../../../server/db/repositories/uploadAngles';
import * as uploadRows from '../../../server/db/repositories/uploadRows';
import * as uploads from '../../../server/db/repositories/uploads';
import * as users from '../../../server/db/repositories/users';
import * as webhooks from '../../../server/db/repositories/webhooks';

/**
 * The sample calls of tests/server/querySnapshots.test.ts: for each repository module (by file
 * name), each exported function that issues SQL with sample arguments, in the module's order.
 * A call is one run, or named variants (`{ 'no filters': ..., 'every filter': ... }`) where the
 * arguments change the statement. `skip` names, with the reason, the exported functions that
 * issue no SQL of their own. Writes aim at `f.missing` where they would change a row later
 * calls read: the statement is the same.
 */
export type Run = (db: Db, f: Fixture) => unknown;
export type Call = Run | Record<string, Run>;

export interface RepositorySamples {
  module: Record<string, unknown>;
  calls: Record<string, Call>;
  skip?: Record<string, string>;
}

const PAGE = { page: 1, limit: 25 } as const;

/**
 * The product's declared resources the generic repository reads: not those whose behaviour reads
 * through a repository of its own (account users through their user, platform users with their
 * account's header), whose SQL is that repository's.
 */
const genericResources = resources.filter((resource) => !readsOwnRepository(resource));

/** A stats span cut in days, one whole month, days (stats.partsOf). */
const span = (f: Fixture, scope = '') => ({ accountId: f.band, scope, start: '2026-01-15', end: '2026-03-10' });

/** Reads a stream to its end (the export runs its statement as it is read). */
async function drain(stream: Readable): Promise<void> {
  for await (const chunk of stream) void chunk;
}

export const SAMPLES: Record<string, RepositorySamples> = {
  access: {
    module: access,
    calls: {
      accountAndRole: (db, f) => access.accountAndRole(db, f.band, f.owner),
      accountOfRecord: (db, f) => access.accountOfRecord(db, 'pages', f.page),
    },
  },
  accountMembers: {
    module: accountMembers,
    calls: {
      memberRows: {
        'no search': (db, f) => accountMembers.memberRows(db, f.band, accountUsersQuery.parse({})),
        'searched, by email': (db, f) => accountMembers.memberRows(db, f.band, accountUsersQuery.parse({ q: 'ow', sort: 'email', order: 'asc' })),
      },
      enabledMembershipsOf: {
        'the first few': (db, f) => accountMembers.enabledMembershipsOf(db, f.owner, 10),
        every: (db, f) => accountMembers.enabledMembershipsOf(db, f.owner),
      },
      headerAccountOf: (db, f) => accountMembers.headerAccountOf(db, f.owner),
      findAccountMember: (db, f) => accountMembers.findAccountMember(db, f.band, f.owner),
      findMemberRole: (db, f) => accountMembers.findMemberRole(db, f.band, f.owner),
      findMemberByEmail: (db, f) => accountMembers.findMemberByEmail(db, f.band, 'owner@example.com'),
      countOwners: (db, f) => accountMembers.countOwners(db, f.band),
      countMembers: (db, f) => accountMembers.countMembers(db, f.band),
      insertMember: (db, f) => accountMembers.insertMember(db, f.team, f.user, 'user'),
      setMemberRole: (db, f) => accountMembers.setMemberRole(db, f.team, f.user, 'admin'),
      deleteMember: (db, f) => accountMembers.deleteMember(db, f.team, f.user),
      accountChoices: {
        member: (db, f) => accountMembers.accountChoices(db, { id: f.owner, isPlatformAdmin: false }, undefined, 10),
        'platform admin, searched': (db, f) => accountMembers.accountChoices(db, { id: f.admin, isPlatformAdmin: true }, 'owl', 10),
      },
      countSelectableAccounts: (db, f) => accountMembers.countSelectableAccounts(db, f.owner),
      accountWithMemberRole: (db, f) => accountMembers.accountWithMemberRole(db, f.band, f.owner),
    },
  },
  accounts: {
    module: accounts,
    calls: {
      accountRows: {
        'no filters': (db) => accounts.accountRows(db, adminAccountsQuery.parse({})),
        'every filter, by page count': (db) =>
          accounts.accountRows(db, adminAccountsQuery.parse({ q: 'owl', status: 'enabled', subscriptionPlan: 'pro', sort: 'pageCount' })),
      },
      findAccountById: (db, f) => accounts.findAccountById(db, f.band),
      accountExists: (db, f) => accounts.accountExists(db, f.band),
      findAccountStatus: (db, f) => accounts.findAccountStatus(db, f.band),
      findAccountName: (db, f) => accounts.findAccountName(db, f.band),
      insertAccountUnlessSlugTaken: (db, f) => accounts.insertAccountUnlessSlugTaken(db, { ...f.accountRow, id: 'snapshot-account', slug: 'snapshot-account' }),
      getAccountWithCounts: (db, f) => accounts.getAccountWithCounts(db, f.band),
      getAccountSettingsBefore: (db, f) => accounts.getAccountSettingsBefore(db, f.band),
      findOtherAccountWithSlug: (db, f) => accounts.findOtherAccountWithSlug(db, 'midnightowls', f.team),
      updateAccount: {
        'one column': (db, f) => accounts.updateAccount(db, f.missing, { status: 'disabled' }),
        'undefined fields left out': (db, f) =>
          accounts.updateAccount(db, f.missing, { name: 'Renamed', slug: 'renamed', timeZone: undefined, headerImage: null, currentPeriodEnd: undefined }),
      },
      accountSlug: (db, f) => accounts.accountSlug(db, f.band),
    },
  },
  attempts: {
    module: attempts,
    calls: {
      deleteAttemptsBefore: (db) => attempts.deleteAttemptsBefore(db, ['signin:a', 'signin:b'], NOW),
      insertAttempts: (db) =>
        attempts.insertAttempts(db, [
          { id: 'snapshot-attempt-1', key: 'signin:a', attemptedAt: NOW },
          { id: 'snapshot-attempt-2', key: 'signin:b', attemptedAt: NOW },
        ]),
      countAttemptsSince: (db) => attempts.countAttemptsSince(db, ['signin:a', 'signin:b'], NOW),
      deleteAttempts: (db) => attempts.deleteAttempts(db, ['snapshot-attempt-1', 'snapshot-attempt-2']),
    },
  },
  autoApproval: {
    module: autoApproval,
    calls: {
      approveAutomatically: (db, f) => autoApproval.approveAutomatically(db, f.uploadRow.id, NOW),
    },
  },
  benchInsights: {
    module: benchInsights,
    calls: {
      insertGeneratedVisits: (db, f) =>
        benchInsights.insertGeneratedVisits(db, {
          accountId: f.band,
          pageIds: [f.page],
          visits: 1,
          visitors: 1,
          countries: ['FR', 'US'],
          firstDay: '2026-01-01',
          spanSeconds: 86400,
        }),
      settleAfterBulkLoad: (db) => benchInsights.settleAfterBulkLoad(db),
      naiveVisitCounts: {
        'an account, all time': (db, f) => benchInsights.naiveVisitCounts(db, { accountId: f.band }),
        'a page, since a time': (db, f) => benchInsights.naiveVisitCounts(db, { pageId: f.page }, NOW),
      },
      naiveViewCount: (db, f) => benchInsights.naiveViewCount(db, f.band),
      naiveVisitsPerPage: (db, f) => benchInsights.naiveVisitsPerPage(db, f.band),
      naiveVisitsPerDay: (db, f) => benchInsights.naiveVisitsPerDay(db, f.band),
      countAllVisits: (db) => benchInsights.countAllVisits(db),
    },
  },
  billing: {
    module: billing,
    calls: {
      insertBillingSession: (db, f) =>
        billing.insertBillingSession(db, {
          id: 'snapshot-billing',
          accountId: f.band,
          userId: f.owner,
          kind: 'checkout',
          plan: 'pro',
          billingType: 'monthly',
          status: 'open',
          createdAt: NOW,
        }),
      findBillingSession: (db, f) => billing.findBillingSession(db, f.band, 'snapshot-billing'),
      settleOpenBillingSession: (db) => billing.settleOpenBillingSession(db, 'snapshot-billing', 'confirmed'),
      insertBillingEventOnce: (db) => billing.insertBillingEventOnce(db, { id: 'evt_snapshot', type: 'checkout.session.completed', createdAt: NOW }),
      setBillingEventAccount: (db, f) => billing.setBillingEventAccount(db, 'evt_snapshot', f.band),
    },
  },
  captureEvents: {
    module: captureEvents,
    calls: {
      insertVisit: (db, f) =>
        captureEvents.insertVisit(db, { id: 'snapshot-visit', accountId: f.band, pageId: f.page, visitorId: 'visitor', country: 'FR', createdAt: NOW }),
      insertLinkClick: (db, f) =>
        captureEvents.insertLinkClick(db, {
          id: 'snapshot-click',
          accountId: f.band,
          pageId: f.page,
          label: 'Tickets',
          toUrl: 'https://example.com/tickets',
          createdAt: NOW,
        }),
    },
  },
  captureUploads: {
    module: captureUploads,
    calls: {
      findCaptureUpload: (db) => captureUploads.findCaptureUpload(db, 'snapshot-capture'),
      insertCaptureUpload: (db, f) =>
        captureUploads.insertCaptureUpload(db, {
          id: 'snapshot-capture',
          accountId: f.band,
          pageId: f.page,
          addressKey: 'address',
          clientKey: 'client',
          kind: 'video',
          fileName: 'clip.mov',
          declaredType: 'video/quicktime',
          size: 1000,
          finishedAt: null,
          uploadId: null,
          createdAt: NOW,
          expiresAt: LATER,
          claimedAt: null,
          original: null,
        }),
      updateCaptureUpload: {
        'one column': (db) => captureUploads.updateCaptureUpload(db, 'snapshot-capture', { finishedAt: NOW }),
        'undefined fields left out': (db, f) => captureUploads.updateCaptureUpload(db, f.missing, { uploadId: null, original: undefined, claimedAt: null }),
      },
      deleteCaptureUpload: (db, f) => captureUploads.deleteCaptureUpload(db, f.missing),
      deleteUnclaimedCaptureUpload: (db, f) => captureUploads.deleteUnclaimedCaptureUpload(db, f.missing),
      countUnsubmittedOf: {
        'a browser': (db) => captureUploads.countUnsubmittedOf(db, NOW, { clientKey: 'client', addressKey: 'address' }),
        'an address': (db) => captureUploads.countUnsubmittedOf(db, NOW, { addressKey: 'address' }),
      },
      unsubmittedBytes: (db, f) => captureUploads.unsubmittedBytes(db, NOW, f.page, 'address'),
      expiredCaptureUploads: (db) => captureUploads.expiredCaptureUploads(db, NOW, 100),
      isUploadWritten: (db, f) => captureUploads.isUploadWritten(db, f.upload),
      namedUploadIds: (db, f) => captureUploads.namedUploadIds(db, [f.upload, f.missing]),
      claimCaptureUpload: {
        'first claim': (db) =>
          captureUploads.claimCaptureUpload(db, {
            id: 'snapshot-capture',
            readUploadId: null,
            uploadId: 'snapshot-claimed',
            original: 'uploads/claimed.mov',
            claimedAt: NOW,
            staleBefore: NOW,
          }),
        'taken over': (db) =>
          captureUploads.claimCaptureUpload(db, {
            id: 'snapshot-capture',
            readUploadId: 'snapshot-claimed',
            uploadId: 'snapshot-claimed',
            original: 'uploads/claimed.mov',
            claimedAt: NOW,
            staleBefore: NOW,
          }),
      },
      renewCaptureClaim: (db) => captureUploads.renewCaptureClaim(db, 'snapshot-capture', NOW, LATER),
      releaseCaptureClaim: (db) => captureUploads.releaseCaptureClaim(db, 'snapshot-capture', LATER),
      abandonedCaptureClaims: (db) => captureUploads.abandonedCaptureClaims(db, NOW, NOW, 100),
    },
  },
  consentRecords: {
    module: consentRecords,
    calls: {
      insertConsentRecord: (db, f) =>
        consentRecords.insertConsentRecord(db, {
          id: 'snapshot-consent',
          accountId: f.band,
          pageId: f.page,
          submissionId: f.submission,
          consents: '[]',
          locale: 'en',
          createdAt: NOW,
        }),
      consentLocaleOf: (db, f) => consentRecords.consentLocaleOf(db, f.submission),
      countConsentRecords: (db, f) => consentRecords.countConsentRecords(db, [f.submission, f.missing]),
      deleteConsentRecords: (db, f) => consentRecords.deleteConsentRecords(db, [f.missing]),
    },
  },
  declared: {
    module: declared,
    calls: {
      listRecords: Object.fromEntries(
        genericResources.map((resource) => [
          resource.name,
          (db: Db, f: Fixture) => declared.listRecords(db, resource, parentOfResource(resource, f), { ...PAGE, sort: resource.sorts[0], order: 'desc' }),
        ]),
      ),
      findRecord: Object.fromEntries(
        genericResources.map((resource) => [
          resource.name,
          (db: Db, f: Fixture) => declared.findRecord(db, resource, parentOfResource(resource, f), f.missing),
        ]),
      ),
      // A resource of its own path (every user) has no parent to look for.
      parentExists: Object.fromEntries(
        genericResources
          .filter((resource) => parentOf(resource).table)
          .map((resource) => [resource.name, (db: Db, f: Fixture) => declared.parentExists(db, resource, parentOfResource(resource, f))]),
      ),
      // The account of a record a reference chooses: through its own account_id or its parent row's.
      accountOfDeclared: Object.fromEntries(
        genericResources
          .filter((resource) => resource.scope === 'account')
          .map((resource) => [resource.name, (db: Db, f: Fixture) => declared.accountOfDeclared(db, resource, f.missing)]),
      ),
      insertRecord: (db, f) => declared.insertRecord(db, userMessages, f.user, { subject: 'Hi', body: '<p>Hi</p>', sentBy: f.admin }),
      updateRecord: (db, f) => declared.updateRecord(db, userMessages, f.user, f.missing, { subject: 'Changed' }),
      updateRecords: (db, f) => declared.updateRecords(db, userMessages, f.user, [{ id: f.userMessage, values: { subject: 'Changed' } }]),
      deleteRecord: (db, f) => declared.deleteRecord(db, userMessages, f.user, f.missing),
    },
    skip: {
      listQueries: 'built, not run: listRecords runs the same statements',
      RecordGone: 'an error class',
    },
  },
  demoSeedContent: {
    module: demoSeedContent,
    calls: {
      accountsBySlugs: (db) => demoSeedContent.accountsBySlugs(db, ['midnightowls', 'harborcityfc']),
      hasFanContent: {
        'an upload': (db, f) => demoSeedContent.hasFanContent(db, [f.band]),
        'no fan yet': (db, f) => demoSeedContent.hasFanContent(db, [f.missing]),
      },
    },
  },
  demoSeedDates: {
    module: demoSeedDates,
    calls: {
      backdateAccount: (db, f) => demoSeedDates.backdateAccount(db, f.missing, NOW, LATER),
      backdateUser: (db, f) => demoSeedDates.backdateUser(db, f.missing, NOW, LATER),
      backdateFanUpload: (db, f) => demoSeedDates.backdateFanUpload(db, { uploadId: f.missing, submissionId: f.missing, captureId: f.missing }, NOW),
      backdateReview: {
        approved: (db, f) => demoSeedDates.backdateReview(db, f.missing, NOW, true),
        'not approved': (db, f) => demoSeedDates.backdateReview(db, f.missing, NOW, false),
      },
    },
  },
  demoSeedEvents: {
    module: demoSeedEvents,
    calls: {
      insertEventRows: (db, f) => demoSeedEvents.insertEventRows(db, 'likes', [{ uploadId: f.upload, visitorId: 'snapshot-demo-visitor', createdAt: NOW }]),
      setUploadCounts: (db, f) => demoSeedEvents.setUploadCounts(db, f.missing, 12, 3),
    },
  },
  demoSeedPages: {
    module: demoSeedPages,
    calls: {
      pagesOfAccounts: (db, f) => demoSeedPages.pagesOfAccounts(db, [f.band, f.team]),
      setDemoPage: (db, f) =>
        demoSeedPages.setDemoPage(db, f.missing, { title: 'Share your best moment', status: 'enabled', captureCountry: 1, updatedAt: NOW }),
      setPagesStatus: (db, f) => demoSeedPages.setPagesStatus(db, [f.missing], 'enabled'),
    },
  },
  fanMails: {
    module: fanMails,
    calls: {
      wasMailSent: (db, f) => fanMails.wasMailSent(db, `upload-approved:${f.upload}`),
      recordMailSent: (db, f) => fanMails.recordMailSent(db, `upload-approved:${f.upload}`, NOW),
      fanMailFacts: (db, f) => fanMails.fanMailFacts(db, f.upload),
    },
  },
  fileReferences: {
    module: fileReferences,
    calls: {
      isFileReferenced: (db) => fileReferences.isFileReferenced(db, '/files/nobody-names-this.png'),
    },
  },
  health: {
    module: health,
    calls: {
      pingDatabase: (db) => health.pingDatabase(db),
    },
  },
  integrations: {
    module: integrations,
    calls: {
      getAccountIntegrations: (db, f) => integrations.getAccountIntegrations(db, f.band),
      deleteExpiredOauthStates: (db) => integrations.deleteExpiredOauthStates(db, NOW),
      insertOauthState: (db, f) =>
        integrations.insertOauthState(db, {
          state: 'snapshot-state',
          accountId: f.band,
          userId: f.owner,
          provider: 'dropbox',
          verifier: 'verifier',
          expiresAt: LATER,
        }),
      findOauthState: (db) => integrations.findOauthState(db, 'snapshot-state', 'dropbox'),
      deleteOauthState: (db) => integrations.deleteOauthState(db, 'snapshot-state'),
      findIntegrationSecret: (db, f) => integrations.findIntegrationSecret(db, f.band, 'dropbox'),
      insertIntegrationSecret: (db, f) =>
        integrations.insertIntegrationSecret(db, { accountId: f.band, provider: 'dropbox', secret: 'sealed', createdAt: NOW }),
      deleteIntegrationSecret: (db, f) => integrations.deleteIntegrationSecret(db, f.band, 'dropbox'),
      findUploadToCopy: (db, f) => integrations.findUploadToCopy(db, f.upload),
    },
  },
  invitations: {
    module: invitations,
    calls: {
      cancelPendingInvites: (db, f) => invitations.cancelPendingInvites(db, f.band, 'invited@example.com', NOW),
      insertInvite: (db, f) =>
        invitations.insertInvite(db, {
          id: 'snapshot-invite',
          accountId: f.band,
          email: 'invited@example.com',
          role: 'user',
          tokenHash: 'snapshot-invite-hash',
          invitedBy: f.owner,
          status: 'pending',
          expiresAt: LATER,
          createdAt: NOW,
          updatedAt: NOW,
        }),
      findPendingInvite: (db, f) => invitations.findPendingInvite(db, f.band, 'invited@example.com'),
      findLivePendingInvite: (db, f) => invitations.findLivePendingInvite(db, f.band, 'invited@example.com'),
      countLivePendingInvites: (db, f) => invitations.countLivePendingInvites(db, f.band),
      findLiveInviteByTokenHash: (db) => invitations.findLiveInviteByTokenHash(db, 'snapshot-invite-hash'),
      findPendingInviteById: (db) => invitations.findPendingInviteById(db, 'snapshot-invite'),
      markInviteCanceled: (db, f) => invitations.markInviteCanceled(db, f.missing),
      markInviteAccepted: (db, f) => invitations.markInviteAccepted(db, f.missing),
    },
  },
  jobs: {
    module: jobs,
    calls: {
      insertJob: (db) =>
        jobs.insertJob(db, {
          id: 'snapshot-job',
          kind: 'process-upload',
          payload: '{}',
          status: 'queued',
          runAt: NOW,
          lockedAt: null,
          lastError: null,
          createdAt: NOW,
          lockedBy: null,
          leaseExpiresAt: null,
          finishedAt: null,
        }),
      claimNextJob: (db) => jobs.claimNextJob(db, ['process-upload', 'moderate-upload'], 'worker', NOW, LATER),
      renewJobLease: (db) => jobs.renewJobLease(db, 'snapshot-job', 'worker', LATER),
      requeueFailedJob: (db) => jobs.requeueFailedJob(db, 'snapshot-job', 'worker', LATER, 'boom'),
      releaseJob: (db) => jobs.releaseJob(db, 'snapshot-job', 'worker', NOW),
      finishJob: {
        completed: (db) => jobs.finishJob(db, 'snapshot-job', 'worker', 'completed', null, NOW),
        failed: (db) => jobs.finishJob(db, 'snapshot-job', 'worker', 'failed', 'boom', NOW),
      },
      countJobsByStatus: (db) => jobs.countJobsByStatus(db),
      jobBacklog: (db) => jobs.jobBacklog(db, NOW),
      failedJobs: (db) => jobs.failedJobs(db, 10),
      retryFailedJob: (db) => jobs.retryFailedJob(db, 'snapshot-job', NOW),
    },
  },
  mailDigests: {
    module: mailDigests,
    calls: {
      digestSubscribers: (db, f) => mailDigests.digestSubscribers(db, f.band),
      insertUploadNotices: (db, f) => mailDigests.insertUploadNotices(db, [f.owner, f.user], f.upload, NOW),
      unmailedNotices: (db, f) => mailDigests.unmailedNotices(db, f.owner),
      hasUnmailedNotice: (db, f) => mailDigests.hasUnmailedNotice(db, f.owner),
      markNoticesMailed: (db, f) => mailDigests.markNoticesMailed(db, f.owner, [f.upload], NOW),
      openMailDigest: (db, f) => mailDigests.openMailDigest(db, f.owner),
      findMailDigest: (db, f) => mailDigests.findMailDigest(db, f.owner),
      claimDigestSchedule: (db, f) => mailDigests.claimDigestSchedule(db, f.owner, LATER),
      clearDigestSchedule: {
        'none sent': (db, f) => mailDigests.clearDigestSchedule(db, f.owner),
        sent: (db, f) => mailDigests.clearDigestSchedule(db, f.owner, NOW),
      },
      digestRecipient: (db, f) => mailDigests.digestRecipient(db, f.owner),
    },
  },
  musicianProfiles: {
    module: musicianProfiles,
    calls: {
      findMusicianProfile: (db, f) => musicianProfiles.findMusicianProfile(db, f.musician.userId),
      findMusicianProfileImages: (db, f) => musicianProfiles.findMusicianProfileImages(db, f.musician.userId),
      musicianProfileExists: (db, f) => musicianProfiles.musicianProfileExists(db, f.musician.userId),
      findOtherProfileWithSlug: (db, f) => musicianProfiles.findOtherProfileWithSlug(db, f.musician.slug, f.musician.userId),
      updateMusicianProfile: (db, f) => musicianProfiles.updateMusicianProfile(db, f.missing, { summary: 'Plays bass', updatedAt: NOW }),
      insertMusicianProfile: (db, f) => musicianProfiles.insertMusicianProfile(db, { ...f.musician, userId: f.user, slug: 'snapshot-musician' }),
    },
  },
  pages: {
    module: pages,
    calls: {
      pageIdsBySlugs: (db, f) => pages.pageIdsBySlugs(db, 'midnightowls', f.pageRow.slug),
      wallPageBySlugs: (db, f) => pages.wallPageBySlugs(db, 'midnightowls', f.pageRow.slug),
      findPageById: (db, f) => pages.findPageById(db, f.page),
      findPageOfAccount: (db, f) => pages.findPageOfAccount(db, f.band, f.page),
      isPageOfAccount: (db, f) => pages.isPageOfAccount(db, f.band, f.page),
      isSlugTaken: {
        'a new page': (db, f) => pages.isSlugTaken(db, f.band, 'tour'),
        'another page than this one': (db, f) => pages.isSlugTaken(db, f.band, 'tour', f.page),
      },
      insertPage: (db, f) => pages.insertPage(db, { ...f.pageRow, id: 'snapshot-page', slug: 'snapshot-page' }),
      pageLookup: (db, f) => pages.pageLookup(db, f.band),
      pageIdsRequiringApproval: (db, f) => pages.pageIdsRequiringApproval(db, [f.page, f.missing]),
      pageGateFacts: (db, f) => pages.pageGateFacts(db, f.page),
      maxVideoSecondsOf: (db, f) => pages.maxVideoSecondsOf(db, f.page),
    },
  },
  reels: {
    module: reels,
    calls: {
      clipCandidates: (db, f) => reels.clipCandidates(db, f.band, [f.upload, f.missing]),
      renderableClips: (db, f) => reels.renderableClips(db, f.band, [f.upload, f.missing]),
      findReelById: (db, f) => reels.findReelById(db, f.missing),
      updateReel: (db, f) => reels.updateReel(db, f.missing, { status: 'rendering', progress: 0, error: null }, NOW),
      finishReelRender: (db, f) =>
        reels.finishReelRender(db, f.missing, '[]', { status: 'done', progress: 100, verticalKey: 'v', squareKey: 's', landscapeKey: 'l' }, NOW),
      updateReelProgress: (db, f) => reels.updateReelProgress(db, f.missing, 50, NOW),
      reelsOfAccount: (db, f) => reels.reelsOfAccount(db, f.band),
      deleteReel: (db, f) => reels.deleteReel(db, f.missing),
      reelBranding: (db, f) => reels.reelBranding(db, f.band),
      sharedReelByToken: (db, f) => reels.sharedReelByToken(db, f.missing),
      publicThumbnail: (db, f) => reels.publicThumbnail(db, f.band, f.upload),
      wallReel: (db, f) => reels.wallReel(db, f.missing),
      bestClips: (db, f) => reels.bestClips(db, f.band, { pageId: f.page, from: '2026-06-01', before: '2026-07-01', tag: 'encore', by: 'likes', count: 10 }),
      commonPageOf: (db, f) => reels.commonPageOf(db, f.band, [f.upload, f.missing]),
    },
  },
  rights: {
    module: rights,
    calls: {
      latestReleaseText: (db, f) => rights.latestReleaseText(db, f.band),
      findReleaseText: (db, f) => rights.findReleaseText(db, f.missing),
      insertReleaseText: (db, f) =>
        rights.insertReleaseText(db, {
          id: 'snapshot-release',
          accountId: f.band,
          version: 1,
          textEn: 'en',
          textFr: 'fr',
          textEs: 'es',
          textDe: 'de',
          textPt: 'pt',
          createdAt: NOW,
          updatedAt: NOW,
        }),
      rightsCandidates: (db, f) => rights.rightsCandidates(db, f.band, [f.upload, f.missing]),
      insertRightsRequests: (db, f) =>
        rights.insertRightsRequests(db, [
          {
            id: 'snapshot-rights',
            accountId: f.band,
            uploadId: f.upload,
            linkId: 'snapshot-link',
            locale: 'en',
            releaseTextId: 'snapshot-release',
            releaseVersion: 1,
            expiresAt: NOW,
            createdAt: NOW,
            updatedAt: NOW,
          },
        ]),
      requestsOfLink: (db) => rights.requestsOfLink(db, 'snapshot-link'),
      changeRightsRequest: (db, f) => rights.changeRightsRequest(db, f.missing, 'requested', 'granted', NOW),
      insertRightsAnswer: (db, f) =>
        rights.insertRightsAnswer(db, {
          id: 'snapshot-answer',
          accountId: f.band,
          uploadId: f.upload,
          requestId: 'snapshot-rights',
          answer: 'granted',
          releaseTextId: 'snapshot-release',
          releaseVersion: 1,
          text: 'en',
          locale: 'en',
          addressKey: 'key',
          createdAt: NOW,
        }),
      deleteRightsOfUploads: (db, f) => rights.deleteRightsOfUploads(db, [f.missing]),
      rightsRequired: (db, f) => rights.rightsRequired(db, f.band),
    },
  },
  paginate: {
    module: paginate,
    calls: {},
    skip: {
      pageBounds: 'arithmetic only',
      pageQueries: 'builds the page and count of the builder it is given: the lists that call it show them',
      keyedPageQueries: 'builds the keys, page and count of the builders it is given: the lists that call it show them',
      runPage: 'runs the queries it is given: the lists that call it show them',
      pageTotals: 'no SQL',
      paginate: 'runs pageQueries of the builder it is given: the lists that call it show them',
      containsPattern: 'no SQL',
      searchAny: 'an expression: the lists that search show it',
      countRows: 'counts the builder it is given: the lists that call it show it',
    },
  },
  planWrites: {
    module: planWrites,
    calls: {
      applyPlan: {
        'the plan only': (db, f) => planWrites.applyPlan(db, f.missing, { plan: 'free' }),
        'every column': (db, f) =>
          planWrites.applyPlan(db, f.missing, {
            plan: 'pro',
            billingType: 'monthly',
            subscriptionStatus: 'active',
            stripeSubscriptionId: 'sub_snapshot',
            currentPeriodEnd: LATER,
            pendingPlan: null,
          }),
      },
    },
  },
  plans: {
    module: plans,
    calls: {
      findAccountPlan: (db, f) => plans.findAccountPlan(db, f.band),
      findDuePlanChanges: (db) => plans.findDuePlanChanges(db, NOW),
      findAccountIdByStripeCustomer: (db) => plans.findAccountIdByStripeCustomer(db, 'cus_snapshot'),
      getStripeState: (db, f) => plans.getStripeState(db, f.band),
      countEnabledPages: (db, f) => plans.countEnabledPages(db, f.band),
    },
  },
  publicUploads: {
    module: publicUploads,
    calls: {
      wallUploads: {
        'first page': (db, f) => publicUploads.wallUploads(db, f.page, undefined, 24),
        'after a cursor': (db, f) => publicUploads.wallUploads(db, f.page, { createdAt: NOW, id: f.upload }, 24),
      },
      shownUploadsVersion: (db, f) => publicUploads.shownUploadsVersion(db, f.page),
      publicUploadById: (db, f) => publicUploads.publicUploadById(db, f.upload),
      publicUploadByShareToken: (db, f) => publicUploads.publicUploadByShareToken(db, f.uploadRow.shareToken),
      hasLike: (db, f) => publicUploads.hasLike(db, f.upload, 'visitor'),
      addLike: (db, f) => publicUploads.addLike(db, f.upload, 'visitor', NOW),
      removeLike: (db, f) => publicUploads.removeLike(db, f.upload, 'visitor'),
      addView: (db, f) => publicUploads.addView(db, { id: 'snapshot-view', accountId: f.band, uploadId: f.upload, visitorId: 'visitor' }, NOW),
    },
    skip: {
      isPublic: 'an expression: the public reads below show it',
    },
  },
  sessions: {
    module: sessions,
    calls: {
      insertSession: (db, f) =>
        sessions.insertSession(db, { tokenHash: 'snapshot-session', userId: f.owner, accountId: f.band, createdAt: NOW, expiresAt: LATER }),
      findSessionWithUser: (db) => sessions.findSessionWithUser(db, 'snapshot-session'),
      deleteSession: (db, f) => sessions.deleteSession(db, f.missing),
      deleteUserSessions: (db, f) => sessions.deleteUserSessions(db, f.missing),
      deleteOtherUserSessions: (db, f) => sessions.deleteOtherUserSessions(db, f.owner, 'snapshot-session'),
      setSessionAccount: (db, f) => sessions.setSessionAccount(db, 'snapshot-session', f.band),
      clearUserSessionsAccount: (db, f) => sessions.clearUserSessionsAccount(db, f.missing, f.band),
      clearNonAdminSessionsAccount: (db, f) => sessions.clearNonAdminSessionsAccount(db, f.missing),
    },
  },
  stats: {
    module: stats,
    calls: {
      dailyRows: (db, f) => stats.dailyRows(db, span(f)),
      csvDayRows: (db, f) => stats.csvDayRows(db, span(f)),
      statsCalendar: (db, f) => stats.statsCalendar(db, f.band, ''),
      totalsOver: (db, f) => stats.totalsOver(db, span(f)),
      rollupsOver: (db, f) => stats.rollupsOver(db, [span(f), { ...span(f), start: '2025-11-20', end: '2026-01-14' }]),
      countriesOver: (db, f) => stats.countriesOver(db, span(f)),
      topLinksOver: (db, f) => stats.topLinksOver(db, span(f), 10),
      topWatchedOver: {
        account: (db, f) => stats.topWatchedOver(db, span(f), 10),
        page: (db, f) => stats.topWatchedOver(db, span(f, f.page), 10),
      },
      perPageOver: (db, f) => stats.perPageOver(db, f.band, '2026-01-15', '2026-03-10'),
    },
    skip: {
      partsOf: 'date arithmetic only',
    },
  },
  statsCounts: {
    module: statsCounts,
    calls: {
      countImages: {
        account: (db, f) => statsCounts.countImages(db, f.band, ''),
        page: (db, f) => statsCounts.countImages(db, f.band, f.page),
      },
      activePageRows: {
        account: (db, f) => statsCounts.activePageRows(db, f.band, ''),
        page: (db, f) => statsCounts.activePageRows(db, f.band, f.page),
      },
      membersByRole: (db, f) => statsCounts.membersByRole(db, f.band),
      countPendingInvites: (db, f) => statsCounts.countPendingInvites(db, f.band),
      topTags: {
        account: (db, f) => statsCounts.topTags(db, f.band, '', NOW, LATER),
        page: (db, f) => statsCounts.topTags(db, f.band, f.page, NOW, LATER),
      },
      topAnswers: {
        account: (db, f) => statsCounts.topAnswers(db, f.band, '', 'venueCity', NOW, LATER, 10),
        page: (db, f) => statsCounts.topAnswers(db, f.band, f.page, 'song', NOW, LATER, 10),
      },
    },
  },
  statsRebuild: {
    module: statsRebuild,
    calls: {
      lockAccountForRebuild: (db, f) => statsRebuild.lockAccountForRebuild(db, f.band),
      deleteAccountRollups: (db, f) => statsRebuild.deleteAccountRollups(db, f.missing),
      visitsAfter: {
        'from the start': (db, f) => statsRebuild.visitsAfter(db, f.band, undefined, 500),
        'after a cursor': (db, f) => statsRebuild.visitsAfter(db, f.band, { createdAt: NOW, id: 'snapshot-visit' }, 500),
      },
      linkClicksOfAccount: (db, f) => statsRebuild.linkClicksOfAccount(db, f.band),
      uploadDatesOfAccount: (db, f) => statsRebuild.uploadDatesOfAccount(db, f.band),
      viewsOfAccount: (db, f) => statsRebuild.viewsOfAccount(db, f.band),
      insertRollupRows: (db, f) =>
        statsRebuild.insertRollupRows(db, 'statsLinks', [
          { accountId: f.band, pageId: '', day: '2000-01-01', label: 'Tickets', toUrl: 'https://example.com', clicks: 1 },
        ]),
      allAccountIds: (db) => statsRebuild.allAccountIds(db),
    },
  },
  statsRollups: {
    module: statsRollups,
    calls: {
      timeZoneForEvents: (db, f) => statsRollups.timeZoneForEvents(db, f.band),
      bumpCounter: (db, f) => statsRollups.bumpCounter(db, f.band, '', '2026-01-02', 'uploads'),
      bumpDayVisits: (db, f) => statsRollups.bumpDayVisits(db, f.band, '', '2026-01-02', Buffer.alloc(16)),
      setDayUniques: (db, f) => statsRollups.setDayUniques(db, f.band, '', '2026-01-02', Buffer.alloc(16), 1),
      bumpMonthVisits: (db, f) => statsRollups.bumpMonthVisits(db, f.band, '', '2026-01', Buffer.alloc(16)),
      setMonthUniques: (db, f) => statsRollups.setMonthUniques(db, f.band, '', '2026-01', Buffer.alloc(16)),
      bumpCountryVisits: (db, f) => statsRollups.bumpCountryVisits(db, f.band, '', '2026-01-02', 'FR'),
      bumpLinkClicks: (db, f) =>
        statsRollups.bumpLinkClicks(db, { accountId: f.band, pageId: '', day: '2026-01-02', label: 'Tickets', toUrl: 'https://example.com/tickets' }),
      bumpUploadViews: (db, f) => statsRollups.bumpUploadViews(db, { accountId: f.band, pageId: f.page, day: '2026-01-02', uploadId: f.upload }),
    },
  },
  submissions: {
    module: submissions,
    calls: {
      insertSubmission: {
        'without an upload': (db, f) =>
          submissions.insertSubmission(db, {
            id: 'snapshot-submission-2',
            accountId: f.band,
            pageId: f.page,
            uploadId: null,
            marketingConsent: 0,
            termsAccepted: '[]',
            createdAt: NOW,
          }),
        'with its upload': (db, f) =>
          submissions.insertSubmission(db, {
            id: 'snapshot-submission-3',
            accountId: f.band,
            pageId: f.page,
            uploadId: f.upload,
            marketingConsent: 0,
            termsAccepted: '[]',
            createdAt: NOW,
          }),
      },
      filteredSubmissions: (db, f) => submissions.filteredSubmissions(db, { accountId: f.band }).execute(),
      listSubmissions: {
        'no filters': (db, f) => submissions.listSubmissions(db, { accountId: f.band }, { ...PAGE, sort: 'createdAt', order: 'desc' }),
        'every filter, by name': (db, f) =>
          submissions.listSubmissions(
            db,
            { accountId: f.band, pageId: f.page, venue: 'Paris', song: 'Encore', artist: 'The Owls', marketingConsent: true, startDate: NOW, endDate: LATER },
            { ...PAGE, sort: 'name', order: 'asc' },
          ),
      },
      exportBatches: (db, f) => drain(submissions.exportBatches(db, { accountId: f.band }, 'createdAt', 'desc', (row) => row)),
      submissionOfUpload: (db, f) => submissions.submissionOfUpload(db, f.upload),
      submissionsByEmail: (db, f) => submissions.submissionsByEmail(db, f.band, 'fan@example.com'),
      deleteSubmissions: (db, f) => submissions.deleteSubmissions(db, [f.missing]),
      logFanDataExport: (db, f) => submissions.logFanDataExport(db, { accountId: f.band, userId: f.owner, filters: { pageId: f.page } }, NOW),
      logFanErasure: (db, f) => submissions.logFanErasure(db, { accountId: f.band, userId: f.owner }, NOW),
      listFanErasures: (db, f) => submissions.listFanErasures(db, f.band, 20),
    },
    skip: {
      submissionListQueries: 'built, not run: listSubmissions runs the same statements',
    },
  },
  suspectedSpam: {
    module: suspectedSpam,
    calls: {
      insertSuspectedSpam: (db, f) =>
        suspectedSpam.insertSuspectedSpam(db, {
          id: 'snapshot-spam',
          accountId: f.band,
          pageId: f.page,
          type: 'video',
          original: 'uploads/spam.mov',
          submission: '{}',
          createdAt: NOW,
          purgeAfter: LATER,
        }),
      suspectedSpamExists: (db) => suspectedSpam.suspectedSpamExists(db, 'snapshot-spam'),
      findSuspectedSpam: (db) => suspectedSpam.findSuspectedSpam(db, 'snapshot-spam'),
      deleteSuspectedSpam: (db, f) => suspectedSpam.deleteSuspectedSpam(db, f.missing),
      deleteSuspectedSpamIds: (db, f) => suspectedSpam.deleteSuspectedSpamIds(db, [f.missing]),
      suspectedSpamOfAccount: (db, f) => suspectedSpam.suspectedSpamOfAccount(db, f.band),
      suspectedSpamDue: (db) => suspectedSpam.suspectedSpamDue(db, NOW, 100),
      listSuspectedSpamRows: {
        'no filters': (db) => suspectedSpam.listSuspectedSpamRows(db, {}, { ...PAGE, order: 'desc' }),
        'every filter': (db, f) =>
          suspectedSpam.listSuspectedSpamRows(db, { accountId: f.band, type: 'video', startDate: NOW, endDate: LATER }, { ...PAGE, order: 'asc' }),
      },
    },
  },
  temporaryUploads: {
    module: temporaryUploads,
    calls: {
      claimPromotion: (db, f) => temporaryUploads.claimPromotion(db, 'snapshot-key', f.owner, 1000),
      insertTemporaryUpload: (db, f) => temporaryUploads.insertTemporaryUpload(db, { key: 'snapshot-key', userId: f.owner, bytes: 5000, createdAt: NOW }),
      temporaryBytesSince: (db, f) => temporaryUploads.temporaryBytesSince(db, f.owner, NOW),
      markUploadFormUsed: (db) => temporaryUploads.markUploadFormUsed(db, 'snapshot-key', NOW),
      setTemporaryUploadBytes: (db) => temporaryUploads.setTemporaryUploadBytes(db, 'snapshot-key', 1000),
      deleteTemporaryUploadsBefore: (db) => temporaryUploads.deleteTemporaryUploadsBefore(db, '2000-01-01T00:00:00.000Z'),
    },
  },
  tokens: {
    module: tokens,
    calls: {
      insertUserToken: (db, f) =>
        tokens.insertUserToken(db, {
          tokenHash: 'snapshot-token',
          userId: f.owner,
          kind: 'reset-password',
          data: null,
          expiresAt: LATER,
          usedAt: null,
          createdAt: NOW,
        }),
      findLiveUserToken: (db) => tokens.findLiveUserToken(db, 'snapshot-token', ['reset-password', 'verify-email']),
      markUserTokenUsed: (db) => tokens.markUserTokenUsed(db, 'snapshot-token'),
      retireUserTokens: (db, f) => tokens.retireUserTokens(db, f.owner, ['reset-password']),
    },
  },
  uploadEvents: {
    module: uploadEvents,
    calls: {
      appendUploadEvents: (db, f) =>
        uploadEvents.appendUploadEvents(
          db,
          [
            { uploadId: f.upload, userId: f.owner, action: 'approved' },
            { uploadId: f.upload, userId: f.owner, action: 'tagged', detail: { tags: ['live'] } },
          ],
          NOW,
        ),
      uploadHistory: (db, f) => uploadEvents.uploadHistory(db, f.upload),
    },
  },
  uploadFingerprints: {
    module: uploadFingerprints,
    calls: {
      saveFingerprint: (db, f) =>
        uploadFingerprints.saveFingerprint(
          db,
          { uploadId: f.upload, accountId: f.band, frames: '00000000000000ff;00000000000000fe', envelope: '', createdAt: NOW },
          [255, 65536 + 7],
        ),
      uploadsSharingBands: (db, f) => uploadFingerprints.uploadsSharingBands(db, f.band, [255, 65536 + 7], NOW, f.missing, 50),
      fingerprintsOf: (db, f) => uploadFingerprints.fingerprintsOf(db, [f.upload]),
      recordDuplicates: (db, f) => uploadFingerprints.recordDuplicates(db, [{ uploadId: f.upload, duplicateOf: f.upload, accountId: f.band, createdAt: NOW }]),
      firstOriginalOf: (db, f) => uploadFingerprints.firstOriginalOf(db, f.upload),
      copiesOf: (db, f) => uploadFingerprints.copiesOf(db, f.upload),
    },
  },
  uploadAngles: {
    module: uploadAngles,
    calls: {
      envelopesNear: (db, f) => uploadAngles.envelopesNear(db, f.band, NOW, NOW, f.missing, 80, 200),
      duplicatePartnersOf: (db, f) => uploadAngles.duplicatePartnersOf(db, f.upload),
      saveAngles: (db, f) => uploadAngles.saveAngles(db, f.upload, f.band, []),
      anglesOf: (db, f) => uploadAngles.anglesOf(db, f.upload),
    },
  },
  uploadRows: {
    module: uploadRows,
    calls: {
      insertUpload: (db, f) => uploadRows.insertUpload(db, { ...f.uploadRow, id: 'snapshot-upload-2', shareToken: 'snapshot-share-2' }),
      findUploadById: (db, f) => uploadRows.findUploadById(db, f.upload),
      uploadExists: (db, f) => uploadRows.uploadExists(db, f.upload),
      countAccountUploads: (db, f) => uploadRows.countAccountUploads(db, f.band),
      uploadPageRequiresApproval: (db, f) => uploadRows.uploadPageRequiresApproval(db, f.upload),
      updateUpload: {
        'one column': (db, f) => uploadRows.updateUpload(db, f.missing, { moderationStatus: 'pending' }),
        'undefined fields left out': (db, f) =>
          uploadRows.updateUpload(db, f.missing, { mp4: 'uploads/x.mp4', thumbnail: 'uploads/x.jpg', encodingStatus: 'processed', duration: undefined }),
      },
    },
    skip: {
      uploadsWithPage: 'a join the wall, reel and copy reads build on: their statements show it',
      uploadsWithPageAndAccount: 'a join the mail and wall reads build on: their statements show it',
    },
  },
  uploads: {
    module: uploads,
    calls: {
      listUploads: {
        'an account, no filters': (db, f) => uploads.listUploads(db, { accountId: f.band }, { page: 1, limit: 24, sort: 'createdAt', order: 'desc' }),
        'an account, every filter, requiring approval': (db, f) =>
          uploads.listUploads(
            db,
            {
              accountId: f.band,
              pageId: f.page,
              type: 'video',
              status: 'requires-approval',
              startDate: NOW,
              endDate: LATER,
              venue: 'Paris',
              song: 'Encore',
              artist: 'The Owls',
            },
            { page: 2, limit: 24, sort: 'viewCount', order: 'desc' },
          ),
        'an account, a tag only': (db, f) =>
          uploads.listUploads(db, { accountId: f.band, tag: 'live' }, { page: 1, limit: 24, sort: 'likeCount', order: 'asc' }),
        'an account, content flagged': (db, f) =>
          uploads.listUploads(db, { accountId: f.band, status: 'content-flagged' }, { page: 1, limit: 24, sort: 'createdAt', order: 'desc' }),
        'an account, possible duplicates': (db, f) =>
          uploads.listUploads(db, { accountId: f.band, status: 'possible-duplicate' }, { page: 1, limit: 24, sort: 'createdAt', order: 'desc' }),
        'an account, with other angles': (db, f) =>
          uploads.listUploads(db, { accountId: f.band, status: 'has-angles' }, { page: 1, limit: 24, sort: 'createdAt', order: 'desc' }),
        'an account, one moment': (db, f) =>
          uploads.listUploads(db, { accountId: f.band, moment: f.upload }, { page: 1, limit: 24, sort: 'createdAt', order: 'desc' }),
        'every account (platform), pending': (db) => uploads.listUploads(db, { status: 'pending' }, { page: 1, limit: 24, sort: 'createdAt', order: 'desc' }),
      },
      countRequiringApproval: {
        account: (db, f) => uploads.countRequiringApproval(db, f.band),
        page: (db, f) => uploads.countRequiringApproval(db, f.band, f.page),
      },
      findUploadRow: (db, f) => uploads.findUploadRow(db, f.upload),
      uploadsOfAccount: (db, f) => uploads.uploadsOfAccount(db, f.band, [f.upload, f.missing]),
      uploadsByIds: (db, f) => uploads.uploadsByIds(db, [f.upload, f.missing]),
      updateUploads: (db, f) => uploads.updateUploads(db, [f.missing], { isHidden: 1 }, NOW),
      replaceTags: (db, f) => uploads.replaceTags(db, { id: f.upload, accountId: f.band }, ['live', 'encore'], NOW),
      deleteUploads: (db, f) => uploads.deleteUploads(db, [f.missing]),
    },
    skip: {
      matchingUploads: 'built, not run: listUploads runs the statements it starts',
      uploadListQueries: 'built, not run: listUploads runs the same statements',
      waitingForApproval: 'built, not run: countRequiringApproval runs the same statement',
    },
  },
  users: {
    module: users,
    calls: {
      userRows: {
        'no filters': (db) => users.userRows(db, adminUsersQuery.parse({})),
        'searched, two statuses, by name': (db) =>
          users.userRows(db, adminUsersQuery.parse({ q: 'ow', status: 'enabled,pending', sort: 'name', order: 'asc' })),
      },
      findUserById: (db, f) => users.findUserById(db, f.owner),
      findUserByEmail: (db) => users.findUserByEmail(db, 'owner@example.com'),
      hasPlatformAdmin: (db) => users.hasPlatformAdmin(db),
      insertUser: (db, f) => users.insertUser(db, { ...f.userRow, id: 'snapshot-user', email: 'snapshot@example.com' }),
      getUserStatus: (db, f) => users.getUserStatus(db, f.owner),
      updateUser: {
        'one column': (db, f) => users.updateUser(db, f.missing, { status: 'disabled' }),
        'undefined fields left out': (db, f) =>
          users.updateUser(db, f.missing, { firstName: 'Ada', lastName: 'Lovelace', emailVerified: undefined, videoProcessedEmails: 1 }),
      },
      touchLastLogin: (db, f) => users.touchLastLogin(db, f.missing),
      findUserType: (db, f) => users.findUserType(db, f.owner),
    },
  },
  webhooks: {
    module: webhooks,
    calls: {
      findWebhook: (db, f) => webhooks.findWebhook(db, f.band),
      recentWebhookDeliveries: (db, f) => webhooks.recentWebhookDeliveries(db, f.band, 20),
      upsertWebhook: (db, f) => webhooks.upsertWebhook(db, f.band, 'https://example.com/hook', 'secret'),
      setWebhookSecret: (db, f) => webhooks.setWebhookSecret(db, f.band, 'new-secret'),
      deleteWebhook: (db, f) => webhooks.deleteWebhook(db, f.missing),
      findWebhookDelivery: (db) => webhooks.findWebhookDelivery(db, 'snapshot-delivery'),
      recordDeliveryAttempt: (db, f) => webhooks.recordDeliveryAttempt(db, f.missing, { status: 'failed', statusCode: 500, error: 'Server error' }, NOW),
      insertWebhookDelivery: (db, f) =>
        webhooks.insertWebhookDelivery(db, {
          id: 'snapshot-delivery',
          accountId: f.band,
          event: 'upload.created',
          url: 'https://example.com/hook',
          body: '{}',
          status: 'pending',
          statusCode: null,
          error: null,
          createdAt: NOW,
          updatedAt: NOW,
        }),
      uploadEventRows: (db, f) => webhooks.uploadEventRows(db, [f.upload, f.missing]),
    },
  },
};

/** The parent row a declared resource's sample reads under: its account (the band) or its user. */
function parentOfResource(resource: AnyResource, f: Fixture): string {
  return parentOf(resource).table === 'users' ? f.user : f.band;
}
