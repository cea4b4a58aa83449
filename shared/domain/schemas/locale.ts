import { z } from 'zod';
import { LOCALES } from '../locales';

const localeField = z.enum(LOCALES, { error: 'app.validation.choice' });

/** PUT /api/users/me/locale: the user's language, saved so every device follows it after sign-in. */
export const localeUpdateSchema = z.object({ locale: localeField }).strict();
