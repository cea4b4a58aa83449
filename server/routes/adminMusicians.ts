import { idParam } from '#shared/domain/schemas/common';
import { musicianProfileSchema, musicianUpdateBody } from '#shared/domain/schemas/musician';
import { getMusicianProfile, saveMusicianProfile } from '../services/musicianProfiles';
import { route, type RouteDef } from './define';

const tags = ['admin-users'];

/** The musician profile of a platform user (platform admins only). */
export const adminMusicianRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/users/:id/musician',
    access: { resource: 'admin-users', action: 'show' },
    summary: "A musician user's public profile and lesson settings (empty until first saved); 400 for other user types",
    tags,
    schema: { params: idParam, response: { 200: musicianProfileSchema } },
    async handler(request) {
      return getMusicianProfile(request.server.deps.db, request.params.id);
    },
  }),
  route({
    method: 'PUT',
    url: '/api/users/:id/musician',
    access: { resource: 'admin-users', action: 'edit' },
    summary: "Save a musician user's profile; new images (imageTmp, imageTmp2, imageTmp3) move into place, image2/image3 null removes; lesson settings are checked and written only while lessons are on",
    tags,
    schema: { params: idParam, body: musicianUpdateBody, response: { 200: musicianProfileSchema } },
    async handler(request) {
      const { db, files } = request.server.deps;
      return saveMusicianProfile(db, request.params.id, request.body, { files, uploaderId: request.auth!.user.id });
    },
  }),
];
