import { REFUSAL_MESSAGES } from '../domain/capture';
import { validationMessages } from './validation';

/**
 * The API's error messages (`app.server.*`). The server sends each error's key and arguments
 * beside its English text; the console renders the key in the user's language.
 * `%{name}` takes an argument; `a |||| b` picks by `smart_count` (one |||| many).
 */
export const serverMessages = {
  refusal: REFUSAL_MESSAGES,
  refusalTooLargeVideo: 'This file is too large. A video may be at most %{size}.',
  refusalTooLargePhoto: 'This file is too large. A photo may be at most %{size}.',

  // Sign-in, sessions and permission
  authenticationRequired: 'Authentication required',
  forbidden: 'You do not have permission to do this',
  accessDenied: 'Access Denied',
  accountNotFoundSignIn: 'Account not found',
  emailNotVerified: 'Email not verified',
  userDisabled: 'This user is disabled. Contact an administrator.',
  accountNotActive: 'Account Not Active',
  selectAccountFirst: 'Account Not Found. Select an account first.',
  notAMember: 'You are not a member of this account',
  crossSiteRefused: 'Cross-site request refused',
  tooManySignIns: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  tooManyEmails: 'Too many emails were sent to this address. Please wait an hour and try again.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  invalidLink: 'This link is invalid or has expired. Request a new one.',
  invalidInvitation: 'This invitation is invalid or has expired.',
  noPendingInvitation: 'No pending invitation for this email',
  invitedUserExists: 'A user with this email already exists. Sign in to accept the invitation.',
  signInAsInvited: 'Sign in as the invited email to accept this invitation',

  // Records that are not there
  notFound: {
    account: 'Account Not Found',
    fanData: 'Fan data Not Found',
    failedJob: 'Failed job Not Found',
    file: 'File Not Found',
    invite: 'Invite Not Found',
    link: 'Link Not Found',
    page: 'Page Not Found',
    planChange: 'Plan change Not Found',
    /** A row of a declared resource (shared/resources). */
    record: 'Record Not Found',
    reel: 'Reel Not Found',
    releaseText: 'Release text Not Found',
    route: 'Route Not Found',
    upload: 'Upload Not Found',
    user: 'User Not Found',
    webhook: 'Webhook Not Found',
  },
  userNotInAccount: 'User Not Found in this account',
  noSuchPage: 'No such page in this account',
  /** A declared resource's reference to a record that is not in the account. */
  noSuchRecord: 'No such record in this account',

  // The request itself
  invalidInput: 'Invalid input',
  invalidInputIn: 'Invalid input in %{part}',
  notAnObject: 'The request %{part} must be a JSON object',
  invalidJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large (at most 1 MiB)',
  invalidAddress: 'The address of this request is not valid',
  unsupportedContentType: 'Unsupported content type; send application/json',
  internalError: 'An error occurred',
  unreachable: 'The server could not be reached',
  /** Text of a library we do not control (Fastify, tus), passed on as it is. */
  libraryText: '%{text}',

  // Users, profile and members
  slugTakenPage: 'This slug is already used by another page',
  slugTakenAccount: 'This slug is already used by another account',
  emailTaken: 'This email is already used by another user',
  emailIsYours: 'This is already your email',
  currentPasswordWrong: 'Current password is incorrect',
  notAMusician: 'This user is not a musician',
  videoProcessedEmailsAdminOnly: 'Only admin users have the Fan Video Processed preference',
  emailAlreadyVerified: 'This email is already verified',
  userAlreadyEnabled: 'This user is already enabled',
  cannotDisableYourself: 'You cannot disable yourself',
  onlyEnabledCanBeDisabled: 'Only an enabled user can be disabled',
  alreadyMember: 'This user is already a member of the account',
  alreadyMemberShort: 'Already a member',
  cannotChangeYourself: 'You cannot change or remove yourself',
  onlyOwnerGivesOwner: 'Only an owner can give or take the owner role',
  ownerRequired: 'The account needs at least one owner',
  /** A record action taken twice (a setlist published already). */
  alreadyDone: 'That is done already',
  avatarType: 'The avatar must be a jpg or png image',
  avatarSize: 'The avatar must be at least 256 by 256 pixels',

  // Accounts, pages and plans
  accountAlreadyEnabled: 'The account is already enabled',
  accountAlreadyDisabled: 'The account is already disabled',
  pageTransitionRefused: 'A page that is %{from} cannot be %{to}',
  planAllowsUsers:
    'Your plan allows %{smart_count} account user. Please upgrade your plan. |||| Your plan allows %{smart_count} account users. Please upgrade your plan.',
  planAllowsPages:
    'Your plan allows %{smart_count} active page. Please upgrade your plan. |||| Your plan allows %{smart_count} active pages. Please upgrade your plan.',
  planLacksFeature: 'Your plan does not include this feature. Please upgrade your plan.',
  planLacksImages: 'Your plan does not support images. Please upgrade your plan.',
  planComingSoon: 'This plan is coming soon and cannot be chosen yet.',
  enterpriseBySales: 'Enterprise plans are changed by our sales team. Please contact sales.',
  alreadyOnPlan: 'Your account is already on this plan.',
  planNotOnline: 'This plan cannot be bought online. Please contact sales.',
  cancelFromPortal: 'Subscriptions are canceled from the billing portal.',
  noPaidSubscription: 'There is no paid subscription to cancel.',
  planChangeSettled: 'This plan change was already confirmed or canceled.',
  paymentError: 'There was an error updating your subscription. Please try again.',
  stripeNotConfigured: 'Stripe billing is not configured',
  stripeEventUnsigned: 'A signed Stripe event is required',
  stripeSignatureWrong: 'The event signature does not match',
  dropboxNotSetUp: 'Dropbox is not set up on this server.',

  // Uploads and their review
  uploadNeedsNoApproval: 'This upload does not need approval',
  uploadAlreadyHidden: 'This upload is already hidden',
  noCopiesToHide: 'No visible copies of this upload to hide',
  uploadNotHidden: 'This upload is not hidden',
  uploadNotFlagged: 'This upload is not flagged',
  tooManyTags: 'An upload may have at most %{max} tags',
  noSuchPoster: 'This upload has no such poster to choose',
  likesOff: 'Likes are turned off on this page',
  adminsDoNotLike: 'Platform admins do not like uploads',
  contentFlaggedAdminOnly: 'Only platform admins filter by content-flagged',

  // Highlight reels
  reelsNeedPro: 'Highlight reels are part of the Pro plan. Please upgrade your plan.',
  reelClipsRefused: 'Some clips cannot go into a reel',
  reelClipUnknown: 'Clip %{position}: no such video in this account',
  reelClipNotVideo: 'Clip %{position}: only videos go into a reel',
  reelClipNotReady: 'Clip %{position}: this video is not processed yet',
  reelClipNotApproved: 'Clip %{position}: this video is not approved',
  reelClipHidden: 'Clip %{position}: this video is hidden',
  reelNotRendered: 'Render the reel before sharing it',
  reelRuleNoClips: 'No approved video of this page fits these choices',
  reelWithoutPage: 'This reel is of clips from several pages: it goes on a wall when its clips are of one page',
  reelClipNoRights: 'Clip %{position}: its fan has not granted the rights, which this account requires',

  // Rights requests
  releaseTextOld: 'Version %{version} is not the latest: fans agreed to it, so it stays as it was. Edit the latest version instead.',
  rightsNoFan: 'Nobody to ask: no fan e-mail address is recorded for these uploads',

  // Files
  readonlyCannotUpload: 'Read-only members cannot upload files',
  dailyUploadQuota: 'Daily upload limit reached: at most %{megabytes} MB of uploads in 24 hours. Try again tomorrow.',
  onlyImagesAndVideos: 'Only images (JPEG, PNG, GIF, WebP, ICO) and videos (MP4, MOV, WebM) can be uploaded',
  multipartRequired: 'Send the file as a multipart/form-data form with the fields of GET /api/uploads/temporary',
  formUnreadable: 'The upload form could not be read',
  formHasNoFile: 'The form has no file',
  uploadFormExpired: 'This upload form has expired; ask for a new one',
  uploadFormUsed: 'This upload form has been used already; ask for a new one',
  uploadSignatureInvalid: 'The upload signature is invalid',
  fileLinkExpired: 'This link to the file has expired; open the upload again for a new one',
  fileLinkInvalid: 'This link to the file is not valid',
  fileEmpty: 'The file is empty',
  fileTypeNotAllowed: 'This file type is not allowed: its content is not one of %{types}',
  fileTypeNotAllowedHere: 'This file type is not allowed here (%{types})',
  fileTooLarge: 'The file is too large (at most %{megabytes} MB)',
  uploadInterrupted: 'The upload was interrupted',
  fileKeyInvalid: 'The file key is invalid',
  uploadedFileMissing: 'The uploaded file was not found; please upload it again',
  uploadMetadataPage: 'Upload-Metadata must name the page (accountSlug and pageSlug)',
  uploadLengthRequired: 'Upload-Length is required (the file size must be known before it is sent)',
  uploadRefused: 'Upload refused',

  // Webhooks
  webhookAddressExample: 'Enter an address like https://example.com/webhooks',
  webhookHttpsOnly: 'The endpoint must be an https:// address',
  webhookNoCredentials: 'The endpoint must not contain a user name or password',
  webhookUnresolvable: 'The name %{host} could not be resolved',
  webhookPrivateAddress: 'The endpoint must be on the public internet, not a private or local network',
};

type KeyPaths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeyPaths<T[K]>}` }[keyof T & string];

/** A message of the API: `app.server.*` or a field rule's `app.validation.*`. */
export type MessageKey = `app.server.${KeyPaths<typeof serverMessages>}` | `app.validation.${keyof typeof validationMessages & string}`;
export type MessageArgs = Record<string, string | number>;
export interface Message {
  key: MessageKey;
  args?: MessageArgs;
}
