import { z } from 'zod';
import { LIMITS } from '../constants';
import { ACCOUNT_ROLES } from '../roles';
import { currentPasswordField, emailField, M, passwordField, requiredOrInvalid, requiredText, withConfirmation } from './common';
import { takingBackOutput } from './ownOutput';

export const loginSchema = z.object({ email: emailField(), password: currentPasswordField }).strict();
export type LoginInput = z.infer<typeof loginSchema>;

export const sendVerifyEmailSchema = loginSchema;

export const forgotPasswordSchema = z.object({ email: emailField() }).strict();

const tokenField = z.string({ error: requiredOrInvalid }).trim().min(1, M.required).max(200, M.tooLong);

export const resetPasswordSchema = z.object({ token: tokenField, password: passwordField }).strict();
/** The reset form in the console: password and its confirmation. */
export const resetPasswordFormSchema = withConfirmation({ password: passwordField }, 'password', 'confirmPassword', M.passwordsMatch);

export const verifyEmailSchema = z.object({ token: tokenField }).strict();

const nameField = requiredText(LIMITS.personName);

/** Accepting an invitation as a new user (spec section 5): all fields and the terms. */
export const inviteNewUserSchema = z
  .object({
    firstName: nameField,
    lastName: nameField,
    password: passwordField,
    agreeTerms: z.literal(true, { error: M.agreeTerms }),
  })
  .strict();
export const inviteNewUserFormSchema = withConfirmation(inviteNewUserSchema.shape, 'password', 'confirmPassword', M.passwordsMatch);
/** Accepting as an existing user: their password (the email is the invitation's). */
export const inviteExistingUserSchema = z.object({ password: currentPasswordField }).strict();

export const profileSchema = z
  .object({
    firstName: nameField,
    lastName: nameField,
    videoProcessedEmails: z.boolean({ error: M.invalid }).optional(),
  })
  .strict();
export type ProfileInput = z.infer<typeof profileSchema>;

export const changePasswordSchema = z.object({ currentPassword: currentPasswordField, password: passwordField }).strict();
export const changePasswordFormSchema = withConfirmation(changePasswordSchema.shape, 'password', 'confirmPassword', M.passwordsMatch);

/** Changing the email needs the current password, as changing the password does. */
export const changeEmailSchema = z.object({ email: emailField(), currentPassword: currentPasswordField }).strict();
export const changeEmailFormSchema = withConfirmation(changeEmailSchema.shape, 'email', 'confirmEmail', M.emailsMatch);
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const avatarSchema = z.object({ tmpAvatar: z.string({ error: requiredOrInvalid }).min(1, M.required).max(1000) }).strict();

/** PUT /api/users/me: also takes back what GET answered (email and password change through their own calls). */
export const profileUpdateBody = takingBackOutput(profileSchema, [
  'id',
  'email',
  'avatar',
  'type',
  'status',
  'emailVerified',
  'lastLogin',
  'createdAt',
  'role',
  'canEdit',
  'canSwitchAccount',
  'isAdmin',
  // The language is saved by PUT /api/users/me/locale alone, so a profile form holding an older answer never undoes a switch.
  'locale',
]);

/** GET /api/auth/account-invitations/:token: whom the invitation is for and where. */
export const invitationSchema = z.object({
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  account: z.object({ id: z.string(), name: z.string() }),
  userExists: z.boolean(),
});
