import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import pkg from '../package.json' with { type: 'json' };
import { CAPTURE_DEFAULTS } from '#shared/domain/capture';
import { DEFAULT_TERMS } from './http/defaultTerms';
import { defaultWorkers, type ProcessKind } from './workerSlots';

/** Every environment variable the server reads, parsed and validated here and nowhere else. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  BASE_URL: z.string().url().optional(),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const item of value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const origin = URL.canParse(item) ? new URL(item).origin : 'null';
        if (origin === 'null') ctx.addIssue({ code: 'custom', message: `${item} is not an origin like https://console.example.com` });
        else origins.push(origin);
      }
      return origins;
    }),
  APP_VERSION: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Fan Content Console <no-reply@fancontent.local>'),
  SUPPORT_EMAIL: z.string().email().default('support@fancontent.local'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  UPLOAD_DAILY_QUOTA_MB: z.coerce.number().int().min(1).default(5120),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('fcc:rate:'),
  STATIC_DIR: z.string().default('dist'),
  FILES_SECRET: z.string().min(16).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  AWS_REGION: z.string().default('us-east-1'),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  CAPTURE_VIDEO_MAX_BYTES: z.coerce.number().int().min(1).default(CAPTURE_DEFAULTS.videoMaxBytes),
  CAPTURE_IMAGE_MAX_BYTES: z.coerce.number().int().min(1).default(CAPTURE_DEFAULTS.imageMaxBytes),
  CAPTURE_MAX_DURATION_SECONDS: z.coerce.number().int().min(1).default(CAPTURE_DEFAULTS.maxDurationSeconds),
  TUS_CHUNK_SIZE: z.coerce
    .number()
    .int()
    .min(5 * 1024 * 1024)
    .default(CAPTURE_DEFAULTS.chunkSizeBytes),
  CAPTURE_UNFINISHED_PER_ADDRESS: z.coerce.number().int().min(1).default(3),
  CAPTURE_UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  CAPTURE_SUBMIT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  CAPTURE_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(CAPTURE_DEFAULTS.addressRateLimit),
  CAPTURE_PAGE_LOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(CAPTURE_DEFAULTS.pageLoadRateLimit),
  CAPTURE_UNSUBMITTED_BYTES_PER_PAGE: z.coerce.number().int().min(1).default(CAPTURE_DEFAULTS.unsubmittedBytesPerPage),
  CAPTURE_UNSUBMITTED_BYTES_TOTAL: z.coerce.number().int().min(1).default(CAPTURE_DEFAULTS.unsubmittedBytesTotal),
  VISITOR_SALT: z.string().min(16).optional(),
  /** Unset: from the process kind and the machine's cores (defaultWorkers). */
  WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  REEL_PRESET: z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium']).default('veryfast'),
  REEL_SCALE: z.coerce.number().min(0.1).max(1).default(1),
  MODERATION_PROVIDER: z.enum(['nsfwjs', 'rekognition']).default('nsfwjs'),
  REKOGNITION_REGION: z.string().min(1).optional(),
  REKOGNITION_ENDPOINT: z.string().url().optional(),
  MODERATION_THRESHOLD: z.coerce.number().min(0).max(1).default(0.7),
  BILLING_PROVIDER: z.enum(['offline', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICES: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const prices: Record<string, string> = {};
      for (const pair of value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const [ours, theirs] = pair.split('=').map((part) => part?.trim());
        if (!ours || !theirs || !/^(free|basic|pro)_(yearly|monthly)$/.test(ours)) {
          ctx.addIssue({ code: 'custom', message: `${pair} is not like basic_yearly=price_123` });
        } else prices[ours] = theirs;
      }
      return prices;
    }),
  STRIPE_API_URL: z.string().url().optional(),
  SECRETS_KEY: z.string().min(32).optional(),
  DROPBOX_APP_KEY: z.string().min(1).optional(),
  DROPBOX_APP_SECRET: z.string().min(1).optional(),
  DROPBOX_API_URL: z.string().url().default('https://api.dropboxapi.com'),
  DROPBOX_CONTENT_URL: z.string().url().default('https://content.dropboxapi.com'),
  DROPBOX_AUTHORIZE_URL: z.string().url().default('https://www.dropbox.com/oauth2/authorize'),
  VIDEO_PROCESSED_DIGEST_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(10),
  WEBHOOKS_ALLOW_LOCAL: z.enum(['true', 'false']).default('false'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** The platform's terms of service at /terms: a text file (TERMS_FILE) or the text itself (TERMS_TEXT). */
  TERMS_FILE: z.string().min(1).optional(),
  TERMS_TEXT: z.string().min(1).optional(),
});

/** Subscription billing: the offline provider by default, Stripe when configured. */
export interface BillingConfig {
  provider: 'offline' | 'stripe';
  stripe?: {
    secretKey: string;
    webhookSecret: string;
    /** Our price ids (basic_yearly) to Stripe's price ids. */
    prices: Record<string, string>;
    /** Another Stripe API address (a local server in tests): protocol, host and port are used. */
    apiUrl?: string;
  };
}

/** The Dropbox app; without a key the integration answers that it is not set up. */
export interface DropboxConfig {
  appKey?: string;
  appSecret?: string;
  apiUrl: string;
  contentUrl: string;
  authorizeUrl: string;
}

/** The S3 driver of server/files, chosen when S3_BUCKET is set. */
export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (path-style addressing), e.g. a local server in tests. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where saved files are read from (a CDN); default the bucket's own address. */
  publicUrl?: string;
}

type Env = z.output<typeof envSchema>;

/** `kind` only sets WORKERS' default: the entry points name theirs, everything else reads it as the demo does. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}, kind: ProcessKind = 'demo'): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return { ...configOf(parsed.data, kind), ...overrides };
}

export type Config = ReturnType<typeof configOf>;

function configOf(e: Env, kind: ProcessKind) {
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const databaseUrl = e.DATABASE_URL && /^postgres(ql)?:\/\//.test(e.DATABASE_URL) ? e.DATABASE_URL : undefined;
  if (e.DATABASE_URL && !databaseUrl) throw new Error('DATABASE_URL must be a postgres:// URL');
  /** S3 storage; undefined means files in DATA_DIR/files. */
  const s3: S3Config | undefined = e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        region: e.AWS_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.AWS_ACCESS_KEY_ID,
        secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
        publicUrl: e.S3_PUBLIC_URL,
      }
    : undefined;
  const dropbox: DropboxConfig = {
    appKey: e.DROPBOX_APP_KEY,
    appSecret: e.DROPBOX_APP_SECRET,
    apiUrl: e.DROPBOX_API_URL.replace(/\/$/, ''),
    contentUrl: e.DROPBOX_CONTENT_URL.replace(/\/$/, ''),
    authorizeUrl: e.DROPBOX_AUTHORIZE_URL,
  };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    /** A postgres:// URL, or undefined for the embedded SQLite file in dataDir. */
    databaseUrl,
    baseUrl,
    /** Origins besides BASE_URL's whose pages may call the API (ALLOWED_ORIGINS). */
    allowedOrigins: e.ALLOWED_ORIGINS,
    appVersion: e.APP_VERSION ?? pkg.version,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    /** Sign-in attempts allowed per address and per email in 15 minutes. */
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    /** Temporary upload bytes a user may take in 24 hours (UPLOAD_DAILY_QUOTA_MB). */
    uploadDailyQuotaBytes: e.UPLOAD_DAILY_QUOTA_MB * 1024 * 1024,
    /** Shared store of the per-route rate limits; undefined keeps them in each process's memory. */
    redisUrl: e.REDIS_URL,
    /** Prefix of every rate-limit key in Redis (tests use a unique one per run). */
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    /** The built console; absent in server tests that do not need it. */
    staticDir: path.resolve(e.STATIC_DIR),
    /** Secure cookies when the public address is https. */
    secureCookies: baseUrl.startsWith('https://'),
    /** Signs the local driver's upload forms; default a secret kept in DATA_DIR/files. */
    filesSecret: e.FILES_SECRET,
    s3,
    /** The public capture page's limits. */
    capture: {
      videoMaxBytes: e.CAPTURE_VIDEO_MAX_BYTES,
      imageMaxBytes: e.CAPTURE_IMAGE_MAX_BYTES,
      /** Checked by the media pipeline once the file is in. */
      maxDurationSeconds: e.CAPTURE_MAX_DURATION_SECONDS,
      /** The tus PATCH size the page uses (fits under proxies' body caps). */
      chunkSize: e.TUS_CHUNK_SIZE,
      /** Uploads not yet submitted one browser (its capture token), else one address, may hold at once. */
      unfinishedPerAddress: e.CAPTURE_UNFINISHED_PER_ADDRESS,
      /** Upload creations and submissions per browser (else per address) and page per hour. */
      uploadRateLimit: e.CAPTURE_UPLOAD_RATE_LIMIT,
      submitRateLimit: e.CAPTURE_SUBMIT_RATE_LIMIT,
      /** The outer fence for browsers with a token: creations, and submissions, per address per hour (a venue's crowd). */
      addressRateLimit: e.CAPTURE_ADDRESS_RATE_LIMIT,
      /** Capture page loads per address per hour. */
      pageLoadRateLimit: e.CAPTURE_PAGE_LOAD_RATE_LIMIT,
      /** Declared bytes of unsubmitted uploads one page (429), and the whole server (507), may hold. */
      unsubmittedBytesPerPage: e.CAPTURE_UNSUBMITTED_BYTES_PER_PAGE,
      unsubmittedBytesTotal: e.CAPTURE_UNSUBMITTED_BYTES_TOTAL,
      unfinishedTtlHours: CAPTURE_DEFAULTS.unfinishedTtlHours,
    },
    /** Salts the visitor and address hashes; default a secret kept in DATA_DIR. */
    visitorSalt: e.VISITOR_SALT,
    /** Jobs this process runs at once; 0 is a web-only process. */
    workers: e.WORKERS ?? defaultWorkers(kind, os.availableParallelism()),
    /** A running job whose worker stops renewing its lease for this long is taken again. */
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    /** ffmpeg and ffprobe to use instead of the ones on PATH (or the npm-shipped ones). */
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    /**
     * x264's preset for reels: veryfast by default; the end-to-end server takes ultrafast, since it
     * checks what a user sees of a render, not its compression, and a 1080p render is its longest wait.
     */
    reelPreset: e.REEL_PRESET,
    /** The reels' size as a fraction of their shapes' (1): the end-to-end server takes a draft, for the same reason. */
    reelScale: e.REEL_SCALE,
    /** Which moderation model classifies uploads. */
    moderationProvider: e.MODERATION_PROVIDER,
    /** AWS Rekognition (MODERATION_PROVIDER=rekognition): region, optional endpoint, credentials (else the SDK's chain). */
    rekognition: {
      region: e.REKOGNITION_REGION ?? e.AWS_REGION,
      endpoint: e.REKOGNITION_ENDPOINT,
      accessKeyId: e.AWS_ACCESS_KEY_ID,
      secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
    },
    /** An upload is flagged (not allowed) when a flagged label's confidence reaches this. */
    moderationThreshold: e.MODERATION_THRESHOLD,
    billing: billingConfig(e),
    dropbox,
    /** Encrypts integration tokens at rest; default a key kept in DATA_DIR. */
    secretsKey: e.SECRETS_KEY,
    /** At most one 'video processed' mail per user in this long. */
    videoProcessedDigestMs: e.VIDEO_PROCESSED_DIGEST_MINUTES * 60_000,
    /** Tests only: webhooks may go to http://127.0.0.1 and http://localhost. */
    webhooksAllowLocal: e.WEBHOOKS_ALLOW_LOCAL === 'true',
    /** Bearer token of GET /metrics; without one the route answers 404. */
    metricsToken: e.METRICS_TOKEN,
    /** SIGTERM: running jobs and requests get this long to finish; the process exits soon after, whatever is left. */
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    /** The platform's terms of service shown at /terms (plain text; blank lines part paragraphs, '# ' starts a heading). */
    termsText: termsText(e),
  };
}

function termsText(e: Env): string {
  if (e.TERMS_FILE) {
    try {
      return fs.readFileSync(path.resolve(e.TERMS_FILE), 'utf8');
    } catch (error) {
      throw new Error(`Invalid environment:\n  TERMS_FILE: cannot read ${e.TERMS_FILE} (${(error as Error).message})`);
    }
  }
  return e.TERMS_TEXT ?? DEFAULT_TERMS;
}

function billingConfig(e: Env): BillingConfig {
  const provider = e.BILLING_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'offline');
  if (provider === 'offline') return { provider };
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid environment:\n  BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  return {
    provider,
    stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, prices: e.STRIPE_PRICES, apiUrl: e.STRIPE_API_URL },
  };
}
