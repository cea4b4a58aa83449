import { idParam } from '#shared/domain/schemas/common';
import { inviteEmailSchema, sentInviteSchema } from '#shared/domain/schemas/accountUsers';
import { okSchema } from '#shared/domain/schemas/context';
import { cancelInvitation, resendInvitation } from '../services/invitations';
import { accessTo, taggedRoute, type RouteDef } from './define';
import { routeLimits } from './limits';

const route = taggedRoute('account users');
const access = accessTo('account-users');

/**
 * Resending and cancelling a pending invitation. The account's users are the declared
 * account-users resource (shared/resources/account-users.ts), its pending invitations the declared
 * invites resource (shared/resources/invites.ts).
 */
export const accountUserRoutes: RouteDef[] = [
  route({
    method: 'POST',
    url: '/api/accounts/:id/invites/resend',
    access: access('create'),
    rateLimit: routeLimits.sendsMail,
    summary: 'Mail a pending invitation again with a fresh link and expiry',
    schema: { params: idParam, body: inviteEmailSchema, response: { 200: sentInviteSchema } },
    async handler(request) {
      const invite = await resendInvitation(request.server.deps, request.params.id, request.body.email, request.auth!.user);
      return { email: invite.email, role: invite.role, expiresAt: invite.expiresAt };
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/invites/cancel',
    access: access('delete'),
    summary: 'Cancel a pending invitation; its link stops working',
    schema: { params: idParam, body: inviteEmailSchema, response: { 200: okSchema } },
    async handler(request) {
      await cancelInvitation(request.server.deps.db, request.params.id, request.body.email);
      return { ok: true };
    },
  }),
];
