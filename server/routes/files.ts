import { z } from 'zod';
import { contentTypesOf, FILE_KINDS, fileKindOf } from '#shared/domain/files';
import { temporaryPostSchema, temporaryUploadQuery } from '#shared/domain/schemas/files';
import { fieldError, notFound } from '../errors';
import { LocalFileStore, SIGNED_GET } from '../files/local';
import { serveLocalFile } from '../files/serveLocal';
import { createTemporaryUpload } from '../services/temporaryUploads';
import { markUploadFormUsed, setTemporaryUploadBytes } from '../db/repositories/temporaryUploads';
import { nowIso } from '../db/rows';
import { taggedRoute, type RouteDef } from './define';
import { contentAnswer, emptyAnswer } from './answers';

const route = taggedRoute('files');

export const fileRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/uploads/temporary',
    access: 'signedIn',
    summary:
      'A form to upload one file, like an S3 presigned POST: post every field of `fields` and then `file` to `url`; ' +
      'store url plus path in the entity’s ...Tmp field, and saving the entity moves the file into place. ' +
      'Each form is used once; refused to members who may edit nothing (403) and past the daily upload quota (429)',
    schema: { querystring: temporaryUploadQuery, response: { 200: temporaryPostSchema } },
    async handler(request) {
      const { fileName, keepOriginalName } = request.query;
      const kind = fileKindOf(fileName);
      if (!kind) {
        throw fieldError('fileName', 'app.server.onlyImagesAndVideos');
      }
      return createTemporaryUpload(request.server.deps, request.auth!.user, {
        fileName,
        keepOriginalName,
        contentTypes: contentTypesOf(kind),
        maxBytes: FILE_KINDS[kind].maxBytes,
      });
    },
  }),
  route({
    method: 'POST',
    url: '/api/files/upload',
    access: 'public',
    multipart: true,
    summary:
      'The local file driver’s upload form target (multipart: the signed fields, then `file`); ' +
      'refuses expired, altered or used forms (403), files past the size limit or of another real type (400)',
    schema: { response: { 204: emptyAnswer('Stored') } },
    async handler(request, reply) {
      const { files, db } = request.server.deps;
      if (!(files instanceof LocalFileStore)) throw notFound('route');
      await files.acceptPost(request, {
        claim: (key) => markUploadFormUsed(db, key, nowIso()),
        stored: (key, bytes) => setTemporaryUploadBytes(db, key, bytes),
      });
      // As S3 answers a presigned POST by default.
      return reply.status(204).send();
    },
  }),
  route({
    method: 'GET',
    url: '/files/*',
    access: 'public',
    summary:
      'A saved file of the local driver, with its type, caching and byte ranges. Fans’ files (uploads/...) are private: ' +
      'only through the signed addresses the API hands out (`expires`, `signature`; 403 once expired or altered, 404 without)',
    schema: {
      params: z.object({ '*': z.string().max(1000) }),
      querystring: z.object({ [SIGNED_GET.expires]: z.string().max(20).optional(), [SIGNED_GET.signature]: z.string().max(200).optional() }),
      response: {
        200: contentAnswer('The file, with its own type', 'application/octet-stream'),
        206: contentAnswer('The asked byte range', 'application/octet-stream'),
      },
    },
    async handler(request, reply) {
      const { files } = request.server.deps;
      if (!(files instanceof LocalFileStore)) throw notFound('file');
      return serveLocalFile(files, request.params['*'], request.query, request.headers.range, reply);
    },
  }),
];
