import type { FastifyRequest } from 'fastify';
import { idParam } from '#shared/domain/schemas/common';
import {
  adminUserAnswerSchema,
  adminUserListSchema,
  adminUserUpdateBody,
  adminUsersQuery,
  newAdminSchema,
} from '#shared/domain/schemas/adminUsers';
import {
  adminUserDto,
  createAdmin,
  disableUser,
  enableUser,
  findUser,
  listAdminUsers,
  sendInvite,
  updateAdminUser,
  verifyUserEmail,
} from '../services/adminUsers';
import { setUserAvatar } from '../services/adminUsersAvatar';
import { avatarSchema } from '#shared/domain/schemas/auth';
import type { User } from '../db/types';
import { accessTo, route, type RouteDef, type RouteRateLimit } from './define';
import { routeLimits } from './limits';

/** Platform Users (platform-admin.md sections 2 and 7): platform admins only, any user by id. */
const tags = ['platform users'];
const access = accessTo('admin-users');

function userRoute(
  action: 'enable' | 'disable' | 'verify-email' | 'send-invite',
  summary: string,
  run: (request: FastifyRequest, user: User) => Promise<unknown>,
  rateLimit?: RouteRateLimit,
): RouteDef {
  return route({
    method: 'POST',
    url: `/api/users/:id/${action}`,
    access: access('edit'),
    rateLimit,
    summary,
    tags,
    schema: { params: idParam, response: { 200: adminUserAnswerSchema } },
    async handler(request) {
      const { db } = request.server.deps;
      await run(request, await findUser(db, request.params.id));
      return adminUserDto(db, await findUser(db, request.params.id));
    },
  });
}

export const adminUserRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/users',
    access: access('list'),
    summary: 'Every user of the platform (paged, sortable by name, type, status, last login, joined on; search by name; filter by statuses)',
    tags,
    schema: { querystring: adminUsersQuery, response: { 200: adminUserListSchema } },
    async handler(request) {
      return listAdminUsers(request.server.deps.db, request.query);
    },
  }),
  route({
    method: 'POST',
    url: '/api/users',
    access: access('create'),
    rateLimit: routeLimits.sendsMail,
    summary: 'Create a platform admin; they get a mail with a link to choose a password, which also verifies the email',
    tags,
    schema: { body: newAdminSchema, response: { 201: adminUserAnswerSchema } },
    async handler(request, reply) {
      const user = await createAdmin(request.server.deps, request.body);
      return reply.status(201).send(await adminUserDto(request.server.deps.db, user));
    },
  }),
  route({
    method: 'GET',
    url: '/api/users/:id',
    access: access('show'),
    summary: 'One user with the header of their first account',
    tags,
    schema: { params: idParam, response: { 200: adminUserAnswerSchema } },
    async handler(request) {
      const { db } = request.server.deps;
      return adminUserDto(db, await findUser(db, request.params.id));
    },
  }),
  route({
    method: 'PUT',
    url: '/api/users/:id',
    access: access('edit'),
    summary: "Save first name, last name, email (a changed email is no longer verified) and, for admin users, the Fan Video Processed preference",
    tags,
    schema: { params: idParam, body: adminUserUpdateBody, response: { 200: adminUserAnswerSchema } },
    async handler(request) {
      const { db } = request.server.deps;
      return adminUserDto(db, await updateAdminUser(db, await findUser(db, request.params.id), request.body));
    },
  }),
  userRoute('enable', 'Enable a user who is pending or disabled', (request, user) => enableUser(request.server.deps.db, user)),
  userRoute('disable', 'Disable an enabled user: they cannot sign in and every session of theirs ends', (request, user) =>
    disableUser(request.server.deps.db, user, request.auth!.user),
  ),
  userRoute('verify-email', "Mark the user's email verified without their verification step", (request, user) =>
    verifyUserEmail(request.server.deps.db, user),
  ),
  userRoute('send-invite', 'Mail a not verified user a link to verify their email (or to choose a password if they have none)', (request, user) =>
    sendInvite(request.server.deps, user),
    routeLimits.sendsMail,
  ),
  route({
    method: 'POST',
    url: '/api/users/:id/avatar',
    access: access('edit'),
    summary: "Set the user's avatar from the caller's upload of GET /api/uploads/temporary (tmpAvatar: url plus path): jpg or png, at least 256 by 256",
    tags,
    schema: { params: idParam, body: avatarSchema, response: { 200: adminUserAnswerSchema } },
    async handler(request) {
      const deps = request.server.deps;
      await setUserAvatar(deps, await findUser(deps.db, request.params.id), request.auth!.user, request.body.tmpAvatar);
      return adminUserDto(deps.db, await findUser(deps.db, request.params.id));
    },
  }),
];
