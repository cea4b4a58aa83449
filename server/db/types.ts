import type { Generated, Insertable, Selectable } from 'kysely';
import type { PageStatus } from '#shared/domain/pageStatus';
import type { BillingType, Plan } from '#shared/domain/plans';
import type { AccountRole, AccountStatus, UserStatus, UserType } from '#shared/domain/roles';
import type { UploadType } from '#shared/domain/constants';
import type { ReelStatus } from '#shared/domain/reels';
import type { RightsStatus } from '#shared/domain/rights';

/** Row types as the application sees them (CamelCasePlugin maps to snake_case columns). Booleans are 0/1 integers in both databases; JSON columns are text. */
type Bool = number;
type Json = string;

export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  avatar: string | null;
  type: UserType;
  status: UserStatus;
  emailVerified: Bool;
  videoProcessedEmails: Bool;
  /** 'en' | 'fr' (shared/domain/locales); null until the user chooses. */
  locale: string | null;
  lastLogin: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MusicianProfilesTable {
  userId: string;
  status: string;
  slug: string;
  featured: Bool;
  featurePosition: number | null;
  image: string | null;
  image2: string | null;
  image3: string | null;
  summary: string;
  instruments: Json;
  band: string | null;
  location: string | null;
  facebook: string | null;
  instagram: string | null;
  youtube: string | null;
  twitter: string | null;
  website: string | null;
  customembed: string | null;
  enableLessons: Bool | null;
  halfHourRate: number | null;
  hourRate: number | null;
  locationOnline: Bool;
  locationMusician: Bool;
  locationStudent: Bool;
  lessonLocation: string | null;
  lessonAvailability: string | null;
  migrateScheduling: Bool;
  timezone: string | null;
  schedule: Json;
  scheduleOffs: Json;
  updatedAt: string;
}

interface UserMessagesTable {
  id: string;
  userId: string;
  sentBy: string | null;
  subject: string;
  body: string;
  createdAt: string;
}

export interface AccountsTable {
  id: string;
  name: string;
  slug: string;
  status: AccountStatus;
  subscriptionPlan: Plan;
  billingType: BillingType;
  planLimits: Json;
  stripeCustomerId: string | null;
  helpEmailAddress: string | null;
  /** IANA zone where the account's days start (stats). */
  timeZone: Generated<string>;
  links: Json;
  favicon: string | null;
  headerImage: string | null;
  lightHeader: Bool;
  cssOverride: string | null;
  /** The account's own terms of service; null links its capture pages to the platform's /terms. */
  termsUrl: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  image: string | null;
  socialSiteImage: string | null;
  socialSiteTitle: string | null;
  socialSiteDescription: string | null;
  integrations: Json;
  createdAt: string;
  updatedAt: string;
  /** Billing: the provider's subscription and a plan waiting for the period's end. */
  stripeSubscriptionId: string | null;
  subscriptionStatus: string | null;
  currentPeriodEnd: string | null;
  pendingPlan: Plan | null;
  /** The billing type of the pending plan (a downgrade to a cheaper paid plan). */
  pendingBillingType: BillingType | null;
  paymentFailedAt: string | null;
  /** When the newest provider event applied to this account was created (ISO). */
  billingEventAt: string | null;
  /** 1: the wall, share pages and reels use only clips whose fan granted the rights. */
  rightsRequired: Generated<Bool>;
}

interface AccountUsersTable {
  accountId: string;
  userId: string;
  role: AccountRole;
  createdAt: string;
}

interface InvitesTable {
  id: string;
  accountId: string;
  email: string;
  role: AccountRole;
  tokenHash: string;
  invitedBy: string | null;
  /** pending, accepted, canceled */
  status: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface SessionsTable {
  tokenHash: string;
  userId: string;
  accountId: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface TokensTable {
  tokenHash: string;
  userId: string;
  kind: string;
  data: Json | null;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

/** Counted attempts per key: sign-in failures, mails to a recipient (server/services/attempts.ts). */
export interface AttemptsTable {
  id: string;
  key: string;
  attemptedAt: string;
}

export interface PagesTable {
  id: string;
  accountId: string;
  name: string;
  slug: string;
  title: string;
  status: PageStatus;
  image: string | null;
  adImage: string | null;
  adUrl: string | null;
  requireApproval: Bool;
  allowSubmissions: Bool;
  likingStatus: string;
  captureEmail: Bool;
  captureName: Bool;
  captureCountry: Bool;
  captureCityState: Bool;
  captureZip: Bool;
  captureDob: Bool;
  capturePhone: Bool;
  captureInstagram: Bool;
  captureTiktok: Bool;
  captureVenueCity: Bool;
  venueCities: string;
  captureSongList: Bool;
  songList: string;
  captureArtist: Bool;
  artistList: string;
  captureMarketingConsent: Bool;
  marketingConsent: string;
  customTerms: Json;
  /** The longest clip this page takes; null means DEFAULT_MAX_VIDEO_SECONDS. */
  maxVideoSeconds: Generated<number | null>;
  /** The secret of the page's venue screen (/p/{account}/{page}/screen?token=...); rotating it closes every screen opened before. */
  screenToken: string | null;
  /** 1: an upload the moderation model clears with a margin is approved when processed (services/autoApproval.ts). */
  autoApprove: Generated<Bool>;
  createdAt: string;
  updatedAt: string;
}

export interface UploadsTable {
  id: string;
  accountId: string;
  pageId: string;
  type: UploadType;
  status: string;
  encodingStatus: string;
  original: string;
  mp4: string | null;
  /** 1 while `mp4` is the review proxy (smaller, quickly encoded); the full-quality mp4 replaces it. */
  mp4Proxy: Generated<Bool>;
  webm: string | null;
  thumbnail: string | null;
  customThumbnail: string | null;
  /** A clip's poster candidates (JSON list of file-store keys, best first); `thumbnail` names one of them. */
  posterCandidates: Json | null;
  approvedAt: string | null;
  /** 1 when the page's auto-approval approved it, not a person. */
  approvedAutomatically: Generated<Bool>;
  isHidden: Bool;
  isAllowed: Bool;
  viewCount: number;
  likeCount: number;
  shareToken: string;
  tags: Json;
  moderationStatus: string;
  moderationLabels: Json;
  /** Why encoding failed (the original is kept). */
  encodingError: string | null;
  /** An image upload's web-size copy, upright and without metadata (key in the file store). */
  image: string | null;
  /** A video's length in seconds (ffprobe), once processed. */
  duration: Generated<number | null>;
  /** The fan's answers on the submission that brought the upload, kept here for the list's filters (repositories/submissions.ts insertSubmission). */
  venueCity: string | null;
  song: string | null;
  artist: string | null;
  /** none, requested, granted, declined, revoked: the latest rights request's (rights_requests). */
  rightsStatus: Generated<RightsStatus>;
  createdAt: string;
  updatedAt: string;
}

/** A highlight reel (shared/resources/reels.ts); clips is a JSON list of texts, `<uploadId>` or `<uploadId>@<in>-<out>`. */
export interface ReelsTable {
  id: string;
  accountId: string;
  name: string;
  pageId: string | null;
  clips: Generated<Json>;
  credits: Generated<Bool>;
  status: Generated<ReelStatus>;
  /** 0-100, the render's. */
  progress: Generated<number>;
  /** Why the last render failed. */
  error: string | null;
  /** The rendered reel's planned length in seconds. */
  duration: number | null;
  /** The three outputs' keys in the file store, once a render is done. */
  verticalKey: string | null;
  squareKey: string | null;
  landscapeKey: string | null;
  /** The secret of its public share address (/r/{token}); null when not shared. */
  shareToken: string | null;
  /** 1: shown on its page's wall while it has outputs. */
  onWall: Generated<Bool>;
  createdAt: string;
  updatedAt: string;
}

export interface SubmissionsTable {
  id: string;
  accountId: string;
  pageId: string;
  uploadId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  dob: string | null;
  country: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  instagram: string | null;
  tiktok: string | null;
  venueCity: string | null;
  song: string | null;
  artist: string | null;
  marketingConsent: Bool;
  termsAccepted: Json;
  /** The fan's language when submitting (shared/i18n/fan): their mails are written in it. */
  locale: Generated<string>;
  createdAt: string;
}

export interface VisitsTable {
  id: string;
  accountId: string;
  pageId: string;
  visitorId: string;
  country: string | null;
  createdAt: string;
}

export interface LinkClicksTable {
  id: string;
  accountId: string;
  pageId: string | null;
  label: string;
  toUrl: string;
  createdAt: string;
}

interface ViewsTable {
  id: string;
  accountId: string;
  uploadId: string;
  visitorId: string;
  createdAt: string;
}

interface LikesTable {
  uploadId: string;
  visitorId: string;
  createdAt: string;
}

/** Roll-ups of the account's events per page ('' = whole account) and local day (stats). */
interface StatsDaysTable {
  accountId: string;
  pageId: string;
  day: string;
  visits: Generated<number>;
  uploads: Generated<number>;
  views: Generated<number>;
  linkClicks: Generated<number>;
  /** HyperLogLog sketch of the day's visitor keys (shared/domain/hll.ts). */
  uniques: Uint8Array | null;
  /** The sketch's estimate, kept with it (the daily CSV reads no sketch). */
  uniqueCount: Generated<number>;
}

interface StatsMonthsTable {
  accountId: string;
  pageId: string;
  month: string;
  visits: Generated<number>;
  uploads: Generated<number>;
  views: Generated<number>;
  linkClicks: Generated<number>;
  uniques: Uint8Array | null;
}

/** Visits per country a month at a time (long ranges read these, not the days). */
interface StatsCountryMonthsTable {
  accountId: string;
  pageId: string;
  month: string;
  country: string;
  visits: Generated<number>;
}

interface StatsCountriesTable {
  accountId: string;
  pageId: string;
  day: string;
  country: string;
  visits: Generated<number>;
}

interface StatsLinksTable {
  accountId: string;
  pageId: string;
  day: string;
  label: string;
  toUrl: string;
  clicks: Generated<number>;
}

interface StatsUploadViewsTable {
  accountId: string;
  pageId: string;
  day: string;
  uploadId: string;
  views: Generated<number>;
}

export interface JobsTable {
  id: string;
  kind: string;
  payload: Json;
  status: string;
  attempts: Generated<number>;
  runAt: string;
  lockedAt: string | null;
  lastError: string | null;
  createdAt: string;
  maxAttempts: Generated<number>;
  /** The worker holding the job while it runs. */
  lockedBy: string | null;
  /** A running job whose lease passed this time is taken again (its worker died). */
  leaseExpiresAt: string | null;
  finishedAt: string | null;
  /** Higher runs first (shared/domain/constants.ts jobPriority). */
  priority: Generated<number>;
}

export interface CaptureUploadsTable {
  id: string;
  accountId: string;
  pageId: string;
  /** Salted hash of the fan's address (server/services/clientKeys.ts). */
  addressKey: string;
  /** The id of the capture page's browser token it was created with (server/services/captureTokens.ts); null without one. */
  clientKey: string | null;
  kind: string;
  fileName: string;
  declaredType: string;
  size: number;
  finishedAt: string | null;
  /** The uploads row it became on submission (or will become: set by the claim, kept for a retry). */
  uploadId: string | null;
  createdAt: string;
  expiresAt: string;
  /** When a submission claimed it; the claim's lease, renewed while the bytes move (server/capture/submissionClaim.ts). */
  claimedAt: string | null;
  /** The original's key in the file store, fixed at the first claim. */
  original: string | null;
}

/** A submission that filled the honeypot, held until a platform admin allows it (migration 20261128030000). */
export interface SuspectedSpamTable {
  /** The id its upload gets when allowed. */
  id: string;
  accountId: string;
  pageId: string;
  type: UploadType;
  original: string;
  /** JSON: the rows a normal submission writes (server/capture/heldSubmission.ts). */
  submission: Json;
  createdAt: string;
  purgeAfter: string;
}

export interface ConsentRecordsTable {
  id: string;
  accountId: string;
  pageId: string;
  submissionId: string;
  /** [{kind: 'marketing' | 'term', text, required, accepted}] exactly as shown. */
  consents: Json;
  /** The language the page around those texts was shown in. */
  locale: Generated<string>;
  createdAt: string;
}

/** A temporary-upload form handed out (single use, counted against the daily quota). */
interface TemporaryUploadsTable {
  key: string;
  userId: string;
  bytes: number;
  createdAt: string;
  uploadedAt: string | null;
  promotedAt: string | null;
}

/** The history of an upload: who did what to it, and when (detail: e.g. the tags set). */
interface UploadEventsTable {
  id: string;
  uploadId: string;
  userId: string | null;
  action: string;
  detail: Json | null;
  createdAt: string;
}

/** One row per tag of an upload (uploads.tags keeps the list for display). */
interface UploadTagsTable {
  uploadId: string;
  accountId: string;
  tag: string;
}

/** Who exported fan data, with which filters, and when. */
interface FanDataExportsTable {
  id: string;
  accountId: string;
  userId: string | null;
  filters: Json;
  createdAt: string;
}

/** That a fan's data was erased, and when (never whose). */
interface FanErasuresTable {
  id: string;
  accountId: string;
  userId: string | null;
  createdAt: string;
}

/** A billing provider event handled once (its id is the provider's). */
interface BillingEventsTable {
  id: string;
  type: string;
  accountId: string | null;
  createdAt: string;
}

/** The offline provider's checkout, confirmed or canceled on our own page. */
export interface BillingSessionsTable {
  id: string;
  accountId: string;
  userId: string | null;
  kind: string;
  plan: string;
  billingType: string;
  status: string;
  createdAt: string;
}

/** An integration's refresh token, encrypted (AES-256-GCM). */
export interface IntegrationSecretsTable {
  accountId: string;
  provider: string;
  secret: string;
  createdAt: string;
}

/** An OAuth connect in progress: its state and PKCE verifier. */
export interface OauthStatesTable {
  state: string;
  accountId: string;
  userId: string;
  provider: string;
  verifier: string;
  expiresAt: string;
}

/** A mail a job sent, keyed by what it was about (e.g. upload-approved:<uploadId>), so it goes once. */
interface SentMailsTable {
  key: string;
  createdAt: string;
}

/** An upload processed that an opted-in user has yet to hear about (mailedAt once the digest went). */
interface UploadNoticesTable {
  userId: string;
  uploadId: string;
  createdAt: string;
  mailedAt: string | null;
}

/** An upload's perceptual fingerprint (server/adapters/media/fingerprint.ts), kept so a comparison never decodes it again. */
interface UploadFingerprintsTable {
  uploadId: string;
  accountId: string;
  /** The frame hashes per view: lists of 16-digit hex hashes, ',' within a view, ';' between views. */
  frames: string;
  /** The sound's loudness every 100 ms (0-90), base64 bytes; '' without sound. */
  envelope: string;
  /** The upload's own createdAt. */
  createdAt: string;
}

/** One 16-bit band of one of an upload's stored hashes (band index * 65536 + value), found by exact match. */
interface UploadHashBandsTable {
  uploadId: string;
  accountId: string;
  band: number;
  /** The upload's own createdAt: the look-up keeps to recent uploads. */
  createdAt: string;
}

/** A later upload that shows the same footage as an earlier one of its account. */
interface UploadDuplicatesTable {
  uploadId: string;
  duplicateOf: string;
  accountId: string;
  createdAt: string;
}

/** Another fan's clip of the same moment, found by their sound (server/services/angles.ts); each pair is kept both ways. */
interface UploadAnglesTable {
  uploadId: string;
  angleId: string;
  accountId: string;
  /** A moment `t` s into the upload is `t + offsetMs / 1000` s into the angle. */
  offsetMs: number;
  /** The correlation of their sound at that offset (0.72-1). */
  score: number;
}

/** A user's 'video processed' digest: when it last went and when the next one is queued for. */
interface MailDigestsTable {
  userId: string;
  lastSentAt: string | null;
  scheduledFor: string | null;
}

/** An account's webhook endpoint and the secret its deliveries are signed with. */
interface WebhooksTable {
  accountId: string;
  url: string;
  secret: string;
  createdAt: string;
  updatedAt: string;
}

/** One event sent (or being sent) to an account's endpoint. status: pending, delivered, failed. */
export interface WebhookDeliveriesTable {
  id: string;
  accountId: string;
  event: string;
  url: string;
  body: string;
  status: string;
  statusCode: number | null;
  error: string | null;
  attempts: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** A version of the account's release text, one text per fan language; never changed once written. */
export interface ReleaseTextsTable {
  id: string;
  accountId: string;
  version: number;
  textEn: string;
  textFr: string;
  textEs: string;
  textDe: string;
  textPt: string;
  createdAt: string;
  updatedAt: string;
}

/** One clip asked about in one mail to its fan (`linkId` groups the clips of that mail). */
export interface RightsRequestsTable {
  id: string;
  accountId: string;
  uploadId: string;
  linkId: string;
  status: Generated<RightsStatus>;
  /** The fan's language, as recorded at upload. */
  locale: string;
  releaseTextId: string;
  releaseVersion: number;
  expiresAt: string;
  answeredAt: string | null;
  requestedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A fan's answer about one clip, append-only: the exact text and its version, the language, the salted address. */
export interface RightsAnswersTable {
  id: string;
  accountId: string;
  uploadId: string;
  requestId: string;
  answer: 'granted' | 'declined' | 'revoked';
  releaseTextId: string;
  releaseVersion: number;
  text: string;
  locale: string;
  addressKey: string;
  createdAt: string;
}

export interface Database {
  users: UsersTable;
  musicianProfiles: MusicianProfilesTable;
  userMessages: UserMessagesTable;
  accounts: AccountsTable;
  accountUsers: AccountUsersTable;
  invites: InvitesTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  attempts: AttemptsTable;
  pages: PagesTable;
  uploads: UploadsTable;
  submissions: SubmissionsTable;
  visits: VisitsTable;
  linkClicks: LinkClicksTable;
  views: ViewsTable;
  likes: LikesTable;
  jobs: JobsTable;
  statsDays: StatsDaysTable;
  statsMonths: StatsMonthsTable;
  statsCountries: StatsCountriesTable;
  statsCountryMonths: StatsCountryMonthsTable;
  statsLinks: StatsLinksTable;
  statsUploadViews: StatsUploadViewsTable;
  captureUploads: CaptureUploadsTable;
  suspectedSpam: SuspectedSpamTable;
  consentRecords: ConsentRecordsTable;
  temporaryUploads: TemporaryUploadsTable;
  uploadEvents: UploadEventsTable;
  uploadTags: UploadTagsTable;
  fanDataExports: FanDataExportsTable;
  fanErasures: FanErasuresTable;
  billingEvents: BillingEventsTable;
  billingSessions: BillingSessionsTable;
  integrationSecrets: IntegrationSecretsTable;
  oauthStates: OauthStatesTable;
  sentMails: SentMailsTable;
  uploadNotices: UploadNoticesTable;
  uploadFingerprints: UploadFingerprintsTable;
  uploadHashBands: UploadHashBandsTable;
  uploadDuplicates: UploadDuplicatesTable;
  uploadAngles: UploadAnglesTable;
  mailDigests: MailDigestsTable;
  webhooks: WebhooksTable;
  webhookDeliveries: WebhookDeliveriesTable;
  reels: ReelsTable;
  releaseTexts: ReleaseTextsTable;
  rightsRequests: RightsRequestsTable;
  rightsAnswers: RightsAnswersTable;
}

export type User = Selectable<UsersTable>;
export type Reel = Selectable<ReelsTable>;
export type NewUser = Insertable<UsersTable>;
export type Account = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type Page = Selectable<PagesTable>;
export type Upload = Selectable<UploadsTable>;
export type Submission = Selectable<SubmissionsTable>;
export type Invite = Selectable<InvitesTable>;
export type Session = Selectable<SessionsTable>;
export type MusicianProfile = Selectable<MusicianProfilesTable>;
