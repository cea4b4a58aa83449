import { idParam } from '#shared/domain/schemas/common';
import { z } from 'zod';
import {
  accountUserListSchema,
  accountUserRoleUpdateBody,
  accountUserSchema,
  accountUsersQuery,
  inviteEmailSchema,
  inviteUserSchema,
  sentInviteSchema,
} from '#shared/domain/schemas/accountUsers';
import { okSchema } from '#shared/domain/schemas/context';
import {
  getAccountUser,
  inviteAccountUser,
  listAccountUsers,
  removeAccountUser,
  setAccountUserRole,
} from '../services/accountUsers';
import { cancelInvitation, resendInvitation } from '../services/invitations';
import { accessTo, route, type RouteDef } from './define';
import { routeLimits } from './limits';

const tags = ['account users'];
const access = accessTo('account-users');
const memberParams = idParam.extend({ userId: z.string().min(1).max(64) });

/** Pending invitations are listed by the declared invites resource (shared/resources/invites.ts). */
export const accountUserRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/accounts/:id/users',
    access: access('list'),
    summary: "The account's users with their role (paged, sortable, searchable)",
    tags,
    schema: { params: idParam, querystring: accountUsersQuery, response: { 200: accountUserListSchema } },
    async handler(request) {
      return listAccountUsers(request.server.deps.db, request.params.id, request.query);
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/users',
    access: access('create'),
    rateLimit: routeLimits.sendsMail,
    summary: 'Invite a user by email with a role; the invitation is mailed',
    tags,
    schema: { params: idParam, body: inviteUserSchema, response: { 201: sentInviteSchema } },
    async handler(request, reply) {
      const invite = await inviteAccountUser(request.server.deps, request.params.id, request.body, request.auth!.user);
      return reply.status(201).send(invite);
    },
  }),
  route({
    method: 'GET',
    url: '/api/accounts/:id/users/:userId',
    access: access('list'),
    summary: 'One user of the account with their role',
    tags,
    schema: { params: memberParams, response: { 200: accountUserSchema } },
    async handler(request) {
      return getAccountUser(request.server.deps.db, request.params.id, request.params.userId);
    },
  }),
  route({
    method: 'PUT',
    url: '/api/accounts/:id/users/:userId',
    access: access('edit'),
    summary: "Change a user's role (not your own; the account keeps an owner)",
    tags,
    schema: { params: memberParams, body: accountUserRoleUpdateBody, response: { 200: accountUserSchema } },
    async handler(request) {
      const { id, userId } = request.params;
      return setAccountUserRole(request.server.deps.db, id, userId, request.body.role, request.auth!.user, request.access!.role);
    },
  }),
  route({
    method: 'DELETE',
    url: '/api/accounts/:id/users/:userId',
    access: access('delete'),
    summary: 'Remove a user from the account (not yourself; the account keeps an owner)',
    tags,
    schema: { params: memberParams, response: { 200: accountUserSchema } },
    async handler(request) {
      const { id, userId } = request.params;
      return removeAccountUser(request.server.deps.db, id, userId, request.auth!.user, request.access!.role);
    },
  }),
  route({
    method: 'POST',
    url: '/api/accounts/:id/invites/resend',
    access: access('create'),
    rateLimit: routeLimits.sendsMail,
    summary: 'Mail a pending invitation again with a fresh link and expiry',
    tags,
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
    tags,
    schema: { params: idParam, body: inviteEmailSchema, response: { 200: okSchema } },
    async handler(request) {
      await cancelInvitation(request.server.deps.db, request.params.id, request.body.email);
      return { ok: true };
    },
  }),
];
