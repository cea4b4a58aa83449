import { clientKeysFor } from '../services/clientKeys';
import type { RouteRateLimit } from './define';

const MINUTE = 60_000;

/**
 * Per-address limits of the route table (the recipient limits of mails are in
 * server/services/mailLimits.ts, the sign-in throttle in server/services/loginThrottle.ts).
 */
export const routeLimits = {
  /** Anonymous auth routes: forgot and reset password, verify, resend verification, invitation links. */
  anonymousAuth: { max: 30, timeWindow: 15 * MINUTE },
  /** Routes that mail someone at a signed-in caller's request: invitations, resends, messages, email changes. */
  sendsMail: { max: 60, timeWindow: 60 * MINUTE },
} satisfies Record<string, RouteRateLimit>;

/** At most `max` requests in `timeWindow` (a minute by default) per caller's address, counted under `name`. */
export const perAddress = (name: string, max: RouteRateLimit['max'], timeWindow = MINUTE): RouteRateLimit => ({
  max,
  timeWindow,
  key: (request) => `${name}:${clientKeysFor(request.server.deps.config).address(request.ip)}`,
});
