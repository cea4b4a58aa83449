import type { z } from 'zod';
import type { adminUserAnswerSchema, adminUserRowSchema, userMessageAnswerSchema } from '#shared/domain/schemas/adminUsers';
import type { adminAccountRowSchema } from '#shared/domain/schemas/adminAccounts';
import type { accountDetailsSchema } from '#shared/domain/schemas/context';
import type { accountUserSchema } from '#shared/domain/schemas/accountUsers';
import type { pageAnswerSchema } from '#shared/domain/schemas/page';

/** Records as the server's answer schemas describe them, so a field the server changes changes here too: none is typed by hand. */
export type AdminUserRow = z.output<typeof adminUserRowSchema>;
/** A user's details (GET /api/users/{id}): the row, their mail preference and an account of theirs. */
export type AdminUser = z.output<typeof adminUserAnswerSchema>;
export type UserMessage = z.output<typeof userMessageAnswerSchema>;
export type AdminAccountRow = z.output<typeof adminAccountRowSchema>;
/** An account's details (GET /api/accounts/{id}): the row's fields and its configuration. */
export type AdminAccount = z.output<typeof accountDetailsSchema>;
export type AccountMember = z.output<typeof accountUserSchema>;
export type Page = z.output<typeof pageAnswerSchema>;
