/**
 * The venue screen: a page's approved, shown clips and photos played full screen at a show, with
 * a QR code to the capture page. Its address carries a secret staff can rotate.
 */

/** The screen's address for a page's public address and its secret. */
export const screenAddress = (pageAddress: string, token: string) => `${pageAddress}/screen?token=${encodeURIComponent(token)}`;

/** How often the screen asks what to show: an approval, a hide or a deletion shows within 5 s. */
export const SCREEN_POLL_MS = 2500;

/**
 * The screen's stream (server-sent events): the server checks each watched feed this often and
 * sends it when it changed, so an approval or a hide shows within 5 s without polling.
 */
export const SCREEN_STREAM_CHECK_MS = 1500;

/** A comment line on a quiet stream this often, so proxies keep it open. */
export const SCREEN_HEARTBEAT_MS = 15000;

/** After the stream failed, the screen polls, and tries the stream again this often. */
export const SCREEN_STREAM_RETRY_MS = 30000;

/** How many of the newest uploads the screen plays in turn. */
export const SCREEN_ITEMS = 60;

/** Photos shown together between two clips. */
export const SCREEN_PHOTO_GRID = 4;

/** How long a grid of photos stays, and the longest a clip plays before the next item. */
export const SCREEN_PHOTO_MS = 8000;
export const SCREEN_CLIP_MAX_MS = 30000;

/**
 * Auto-approval asks more of the model than not being flagged: every flagged label must stay
 * under this share of the flagged threshold (0.7 by default, so under 0.21).
 */
export const AUTO_APPROVAL_MARGIN = 0.3;
