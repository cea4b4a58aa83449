import { createRequire } from 'node:module';

/**
 * The packages only some configurations use, loaded on first use so a process on the embedded
 * defaults (SQLite, local files, offline billing) never holds them: PostgreSQL's driver and
 * pg-boss, the S3 SDK and tus's S3 store, Stripe, Rekognition. They are CommonJS, so a synchronous factory
 * can load them with require(). Asynchronous code uses `await import()` instead (sharp, heic-decode, Redis).
 */
interface OptionalPackages {
  pg: typeof import('pg');
  'pg-cursor': typeof import('pg-cursor');
  'pg-boss': typeof import('pg-boss');
  stripe: typeof import('stripe').default;
  '@aws-sdk/client-s3': typeof import('@aws-sdk/client-s3');
  '@aws-sdk/s3-presigned-post': typeof import('@aws-sdk/s3-presigned-post');
  '@aws-sdk/s3-request-presigner': typeof import('@aws-sdk/s3-request-presigner');
  '@tus/s3-store': typeof import('@tus/s3-store');
  '@aws-sdk/client-rekognition': typeof import('@aws-sdk/client-rekognition');
}

const requireFromHere = createRequire(import.meta.url);

export function optionalPackage<Name extends keyof OptionalPackages>(name: Name): OptionalPackages[Name] {
  return requireFromHere(name) as OptionalPackages[Name];
}
