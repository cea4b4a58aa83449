import type { MusicianProfile } from '#shared/domain/schemas/musician';

/** The form's values: the profile without what is display-only, rates as typed. */
export type MusicianFormValues = Omit<
  MusicianProfile,
  'userId' | 'status' | 'lessonAvailability' | 'exists' | 'halfHourRate' | 'hourRate' | 'featurePosition'
> & {
  featurePosition: number | string | null;
  halfHourRate: number | string | null;
  hourRate: number | string | null;
  imageTmp?: string;
  imageTmp2?: string;
  imageTmp3?: string;
};

/** The form's values: the profile's fields, without its read-only ones nor react-admin's record id (the user's), which the server refuses back. */
export function toForm(profile: MusicianProfile & { id?: string }): MusicianFormValues {
  const { id: _recordId, userId: _id, status: _status, lessonAvailability: _legacy, exists: _exists, ...values } = profile;
  return {
    ...values,
    featurePosition: values.featurePosition ?? '',
    halfHourRate: values.halfHourRate ?? '',
    hourRate: values.hourRate ?? '',
  };
}
