import { musicianProfileSchema, musicianUpdateBody } from '#shared/domain/schemas/musician';
import { getMusicianProfile, saveMusicianProfile } from '../services/musicianProfiles';
import type { RouteDef } from './define';
import { recordRoutes } from './recordRoutes';

/** The musician profile of a platform user (platform admins only). */
const musician = recordRoutes({ url: '/api/users/:id/musician', resource: 'admin-users', tags: ['admin-users'], answer: musicianProfileSchema });

export const adminMusicianRoutes: RouteDef[] = [
  musician.show("A musician user's public profile and lesson settings (empty until first saved); 400 for other user types", (request) =>
    getMusicianProfile(request.server.deps.db, request.params.id),
  ),
  musician.edit(
    "Save a musician user's profile; new images (imageTmp, imageTmp2, imageTmp3) move into place, image2/image3 null removes; lesson settings are checked and written only while lessons are on",
    musicianUpdateBody,
    (request) => {
      const { db, files } = request.server.deps;
      return saveMusicianProfile(db, request.params.id, request.body, { files, uploaderId: request.auth!.user.id });
    },
  ),
];
