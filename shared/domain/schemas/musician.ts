import { z } from 'zod';
import { LIMITS } from '../constants';
import { INSTRUMENTS, isInstrument } from '../instruments';
import { isTimezone } from '../timezones';
import { DATE_PATTERN, TIME_PATTERN, WEEKDAYS, isCalendarDate, overlappingSlots, sortDaysOff, type WeeklySchedule } from '../schedule';
import { M, blankWhenNull, optionalText, requiredOrInvalid, slugField, urlField } from './common';
import { takingBackOutput } from './ownOutput';
import { richTextField } from '../richText';

/**
 * A musician's public profile and lesson settings (spec platform-admin.md sections 2, 3, 5).
 * Rules that depend on another answer (featurePosition on featured, every lesson rule on
 * enableLessons, the lesson area on the musician or student location) are checked only when
 * that answer calls for them.
 */
export const MUSICIAN_LIMITS = {
  slug: 50,
  featurePosition: 1000,
  rate: 100_000,
  slotsPerDay: 24,
  daysOff: 366,
  imageKey: 1000,
} as const;

const MV = {
  min: 'app.validation.minValue',
  max: 'app.validation.maxValue',
  instruments: 'app.validation.instrumentsMin',
  locations: 'app.validation.lessonLocationsMin',
  youtubeEmbed: 'app.validation.youtubeEmbed',
  timezone: 'app.validation.timezone',
  time: 'app.validation.time',
  slotOrder: 'app.validation.slotOrder',
  slotOverlap: 'app.validation.slotOverlap',
  date: 'app.validation.date',
  tooMany: 'app.validation.tooMany',
} as const;

/** https://www.youtube.com/embed/<11-character id> or a playlist embed, optional query. */
export const YOUTUBE_EMBED = /^https:\/\/(www\.)?youtube(-nocookie)?\.com\/embed\/([A-Za-z0-9_-]{11}|videoseries)(\?[^\s"'<>]*)?$/;

/** '' and null are "no value"; numeric text from an input becomes a number (NaN is rejected). */
const numberOrNull = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
  z.number({ error: M.wholeNumber }).nullable(),
);

const textOrEmpty = (max: number) => blankWhenNull(optionalText(max));

const optionalUrl = z.preprocess((value) => (value ?? '').toString().trim(), z.union([z.literal(''), urlField(LIMITS.linkUrl)]));

/** The src of a YouTube embed; a pasted <iframe> code is reduced to its src. */
const embedSrc = z.preprocess(
  (value) => {
    const text = (value ?? '').toString().trim();
    return /<iframe/i.test(text) ? (text.match(/\ssrc=["']([^"']+)["']/i)?.[1] ?? text) : text;
  },
  z.union([z.literal(''), z.string().max(LIMITS.linkUrl, M.tooLong).regex(YOUTUBE_EMBED, MV.youtubeEmbed)]),
);

const slotShape = z.object({ start: z.string().max(5, MV.time), end: z.string().max(5, MV.time) }).strict();
const scheduleShape = z
  .object(Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(slotShape).max(MUSICIAN_LIMITS.slotsPerDay, MV.tooMany).default([])])))
  .strict() as unknown as z.ZodType<WeeklySchedule, Partial<WeeklySchedule>>;

/** A temporary upload's key (GET /api/uploads/temporary), or nothing. */
const tmpKey = z.preprocess((value) => value ?? undefined, z.string().max(MUSICIAN_LIMITS.imageKey).optional());

/** A stored image: null removes it (image2 and image3), a string keeps what is stored. */
const keptImage = z.string().max(2000).nullable().optional();

const rate = z.number().int(M.wholeNumber).min(0, MV.min).max(MUSICIAN_LIMITS.rate, MV.max).nullable();
const position = z.number({ error: requiredOrInvalid }).int(M.wholeNumber).min(1, MV.min).max(MUSICIAN_LIMITS.featurePosition, MV.max);

/** Runs `schema` on `value` and reports its issues under `path` (for rules that apply only sometimes). */
function apply(ctx: z.RefinementCtx, schema: z.ZodType, value: unknown, path: (string | number)[]): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: [...path, ...issue.path] } as never);
}

export const musicianSchema = z
  .object({
    // Spec platform-admin.md 5: the slug rule of accounts and pages, 'letters or numbers only, no spaces'; stored lowercased.
    slug: slugField(MUSICIAN_LIMITS.slug).transform((slug) => slug.toLowerCase()),
    featured: z.boolean({ error: M.invalid }),
    featurePosition: numberOrNull,
    image: keptImage,
    image2: keptImage,
    image3: keptImage,
    imageTmp: tmpKey,
    imageTmp2: tmpKey,
    imageTmp3: tmpKey,
    summary: richTextField(LIMITS.longText),
    instruments: z.array(z.string().refine(isInstrument, M.invalid), { error: MV.instruments }).min(1, MV.instruments).max(INSTRUMENTS.length, MV.tooMany),
    band: textOrEmpty(LIMITS.shortText),
    location: textOrEmpty(LIMITS.shortText),
    facebook: optionalUrl,
    instagram: optionalUrl,
    youtube: optionalUrl,
    twitter: optionalUrl,
    website: optionalUrl,
    customembed: embedSrc,
    enableLessons: z.boolean({ error: requiredOrInvalid }),
    halfHourRate: numberOrNull,
    hourRate: numberOrNull,
    locationOnline: z.boolean({ error: M.invalid }),
    locationMusician: z.boolean({ error: M.invalid }),
    locationStudent: z.boolean({ error: M.invalid }),
    lessonLocation: textOrEmpty(LIMITS.shortText),
    timezone: blankWhenNull(z.string({ error: M.invalid }).trim().max(100, M.tooLong)),
    schedule: scheduleShape,
    scheduleOffs: z.array(z.object({ scheduledDate: z.string().max(10, MV.date) }).strict()).max(MUSICIAN_LIMITS.daysOff, MV.tooMany),
    migrateScheduling: z.boolean({ error: M.invalid }),
  })
  .strict()
  .superRefine((profile, ctx) => {
    if (profile.featured) apply(ctx, position, profile.featurePosition, ['featurePosition']);
    if (!profile.enableLessons) return;
    apply(ctx, rate, profile.halfHourRate, ['halfHourRate']);
    apply(ctx, rate, profile.hourRate, ['hourRate']);
    if (!profile.locationOnline && !profile.locationMusician && !profile.locationStudent) {
      ctx.addIssue({ code: 'custom', path: ['locationOnline'], message: MV.locations });
    }
    if ((profile.locationMusician || profile.locationStudent) && !profile.lessonLocation) {
      ctx.addIssue({ code: 'custom', path: ['lessonLocation'], message: M.required });
    }
    if (!profile.timezone) ctx.addIssue({ code: 'custom', path: ['timezone'], message: M.required });
    else if (!isTimezone(profile.timezone)) ctx.addIssue({ code: 'custom', path: ['timezone'], message: MV.timezone });
    for (const day of WEEKDAYS) {
      const slots = profile.schedule[day] ?? [];
      slots.forEach((slot, index) => {
        for (const end of ['start', 'end'] as const) {
          if (!TIME_PATTERN.test(slot[end])) ctx.addIssue({ code: 'custom', path: ['schedule', day, index, end], message: MV.time });
        }
        if (TIME_PATTERN.test(slot.start) && TIME_PATTERN.test(slot.end) && slot.start >= slot.end) {
          ctx.addIssue({ code: 'custom', path: ['schedule', day, index, 'end'], message: MV.slotOrder });
        }
      });
      const wellFormed = slots.every((slot) => TIME_PATTERN.test(slot.start) && slot.start < slot.end);
      if (wellFormed) {
        for (const index of overlappingSlots(slots)) {
          ctx.addIssue({ code: 'custom', path: ['schedule', day, index, 'start'], message: MV.slotOverlap });
        }
      }
    }
    profile.scheduleOffs.forEach((off, index) => {
      if (!DATE_PATTERN.test(off.scheduledDate) || !isCalendarDate(off.scheduledDate)) {
        ctx.addIssue({ code: 'custom', path: ['scheduleOffs', index, 'scheduledDate'], message: MV.date });
      }
    });
  })
  .transform((profile) => ({
    ...profile,
    instruments: [...new Set(profile.instruments)],
    featurePosition: profile.featured ? profile.featurePosition : null,
    schedule: Object.fromEntries(
      WEEKDAYS.map((day) => [day, [...(profile.schedule[day] ?? [])].sort((a, b) => a.start.localeCompare(b.start))]),
    ) as unknown as WeeklySchedule,
    scheduleOffs: sortDaysOff(profile.scheduleOffs),
  }));

export type MusicianInput = z.output<typeof musicianSchema>;

/** The profile as GET /api/users/:id/musician answers it. */
export interface MusicianProfile {
  userId: string;
  /** Application or page status: display only. */
  status: string;
  slug: string;
  featured: boolean;
  featurePosition: number | null;
  image: string | null;
  image2: string | null;
  image3: string | null;
  summary: string;
  instruments: string[];
  band: string;
  location: string;
  facebook: string;
  instagram: string;
  youtube: string;
  twitter: string;
  website: string;
  customembed: string;
  enableLessons: boolean | null;
  halfHourRate: number | null;
  hourRate: number | null;
  locationOnline: boolean;
  locationMusician: boolean;
  locationStudent: boolean;
  lessonLocation: string;
  /** Legacy free text, read-only. */
  lessonAvailability: string | null;
  migrateScheduling: boolean;
  timezone: string;
  schedule: WeeklySchedule;
  scheduleOffs: { scheduledDate: string }[];
  /** False until the profile is first saved. */
  exists: boolean;
}

/** PUT /api/users/{id}/musician: also takes back what GET answered. */
export const musicianUpdateBody = takingBackOutput(musicianSchema, ['userId', 'status', 'lessonAvailability', 'exists']);

const timeSlotAnswer = z.object({ start: z.string(), end: z.string() });
/** GET and PUT /api/users/{id}/musician answer the profile (MusicianProfile). */
export const musicianProfileSchema = z.object({
  userId: z.string(),
  status: z.string(),
  slug: z.string(),
  featured: z.boolean(),
  featurePosition: z.number().nullable(),
  image: z.string().nullable(),
  image2: z.string().nullable(),
  image3: z.string().nullable(),
  summary: z.string(),
  instruments: z.array(z.string()),
  band: z.string(),
  location: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  youtube: z.string(),
  twitter: z.string(),
  website: z.string(),
  customembed: z.string(),
  enableLessons: z.boolean().nullable(),
  halfHourRate: z.number().nullable(),
  hourRate: z.number().nullable(),
  locationOnline: z.boolean(),
  locationMusician: z.boolean(),
  locationStudent: z.boolean(),
  lessonLocation: z.string(),
  lessonAvailability: z.string().nullable(),
  migrateScheduling: z.boolean(),
  timezone: z.string(),
  schedule: z.object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(timeSlotAnswer)])) as Record<(typeof WEEKDAYS)[number], z.ZodArray<typeof timeSlotAnswer>>,
  ),
  scheduleOffs: z.array(z.object({ scheduledDate: z.string() })),
  exists: z.boolean(),
});
