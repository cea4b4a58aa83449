import { avatarSchema, changeEmailSchema, changePasswordSchema, profileUpdateBody } from '#shared/domain/schemas/auth';
import { localeUpdateSchema } from '#shared/domain/schemas/locale';
import { currentUserSchema, okSchema } from '#shared/domain/schemas/context';
import { z } from 'zod';
import { buildContext } from '../services/context';
import { changeEmail, changePassword, setAvatar, updateProfile } from '../services/profile';
import { findUserById, updateUser } from '../db/repositories/users';
import { taggedRoute, type RouteDef } from './define';
import { routeLimits } from './limits';

const route = taggedRoute('users');

async function me(request: Parameters<RouteDef['handler']>[0]) {
  const { db, config } = request.server.deps;
  const auth = request.auth!;
  const user = await findUserById(db, auth.user.id, { required: true });
  return (await buildContext(db, config, user, auth.session.accountId)).user;
}

export const meRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/users/me',
    access: 'signedIn',
    summary: 'The signed-in user with their role in the current account',
    schema: { response: { 200: currentUserSchema } },
    handler: me,
  }),
  route({
    method: 'PUT',
    url: '/api/users/me',
    access: 'signedIn',
    summary: 'Update first and last name and the video-processed emails preference',
    schema: { body: profileUpdateBody, response: { 200: currentUserSchema } },
    async handler(request) {
      await updateProfile(request.server.deps.db, request.auth!.user.id, request.body);
      return me(request);
    },
  }),
  route({
    method: 'PUT',
    url: '/api/users/me/locale',
    access: 'signedIn',
    summary: "Save the user's language ('en' or 'fr'): the console and their mails follow it on every device",
    schema: { body: localeUpdateSchema, response: { 200: currentUserSchema } },
    async handler(request) {
      await updateUser(request.server.deps.db, request.auth!.user.id, { locale: request.body.locale });
      return me(request);
    },
  }),
  route({
    method: 'POST',
    url: '/api/users/me/password',
    access: 'signedIn',
    summary: "Change the password (needs the current one); ends the user's other sessions",
    schema: { body: changePasswordSchema, response: { 200: okSchema } },
    async handler(request) {
      await changePassword(request.server.deps, request.auth!, request.body, request.ip);
      return { ok: true };
    },
  }),
  route({
    method: 'POST',
    url: '/api/users/me/email',
    access: 'signedIn',
    rateLimit: routeLimits.sendsMail,
    summary: 'Ask to change the email (needs the current password): a link goes to the new address, which takes effect when followed; the old one is told',
    schema: { body: changeEmailSchema, response: { 200: okSchema.extend({ pendingEmail: z.string() }) } },
    async handler(request) {
      await changeEmail(request.server.deps, request.auth!.user, request.body, request.ip);
      return { ok: true, pendingEmail: request.body.email };
    },
  }),
  route({
    method: 'POST',
    url: '/api/users/me/avatar',
    access: 'signedIn',
    summary: 'Set the avatar from an upload of GET /api/uploads/temporary (tmpAvatar: its url plus path); answers the user with the avatar URL',
    schema: { body: avatarSchema, response: { 200: currentUserSchema } },
    async handler(request) {
      await setAvatar(request.server.deps, request.auth!.user, request.body.tmpAvatar);
      return me(request);
    },
  }),
  route({
    method: 'DELETE',
    url: '/api/users/me/avatar',
    access: 'signedIn',
    summary: 'Remove the avatar (initials show instead)',
    schema: { response: { 200: currentUserSchema } },
    async handler(request) {
      await setAvatar(request.server.deps, request.auth!.user, null);
      return me(request);
    },
  }),
];
