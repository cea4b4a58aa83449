import { z } from 'zod';
import { LIMITS } from '../constants';
import { PLANS } from '../plans';
import { ACCOUNT_STATUSES } from '../roles';
import { blankWhenNull, listQuery, M, requiredOrInvalid, requiredText, searchText, slugField } from './common';

/** Platform Accounts (platform-admin.md sections 2, 5, 7): the list, New Account, the plan. */

const ADMIN_ACCOUNT_SORTS = ['name', 'slug', 'subscriptionPlan', 'status', 'uploadVideoCount', 'pageCount', 'userCount', 'createdAt'] as const;

export const adminAccountsQuery = listQuery(ADMIN_ACCOUNT_SORTS, 'createdAt').extend({
  q: searchText(),
  status: z.enum(ACCOUNT_STATUSES, { error: requiredOrInvalid }).optional(),
  subscriptionPlan: z.enum(PLANS, { error: requiredOrInvalid }).optional(),
});
export type AdminAccountsQuery = z.output<typeof adminAccountsQuery>;

/**
 * New Account (section 5): name required, at most 25; slug required, at most 50, letters or
 * numbers only. The plan starts free unless chosen; an owner email, when given, is invited as
 * the account's owner.
 */
export const newAccountSchema = z
  .object({
    name: requiredText(LIMITS.accountName),
    slug: slugField(LIMITS.accountSlug),
    subscriptionPlan: z.enum(PLANS, { error: requiredOrInvalid }).default('free'),
    // Blank (a cleared input sends null) or an email of at most 250; the length is checked first so a long one says so.
    ownerEmail: blankWhenNull(
      z
        .string({ error: M.invalid })
        .trim()
        .toLowerCase()
        .max(LIMITS.inviteEmail, M.tooLong)
        .pipe(z.union([z.literal(''), z.email({ error: M.email })])),
    ).optional(),
  })
  .strict();
export type NewAccountInput = z.infer<typeof newAccountSchema>;

/** The form's values: the owner email may be left blank. */
export type NewAccountForm = z.input<typeof newAccountSchema>;

/** A platform admin moves an account to another plan; its limits follow the plan table. */
export const accountPlanSchema = z.object({ subscriptionPlan: z.enum(PLANS, { error: requiredOrInvalid }) }).strict();

/** An account as the Platform Accounts list shows it, with its counts. */
export const adminAccountRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  subscriptionPlan: z.enum(PLANS),
  createdAt: z.string(),
  uploadVideoCount: z.number(),
  pageCount: z.number(),
  userCount: z.number(),
});
export const adminAccountListSchema = z.object({ data: z.array(adminAccountRowSchema), total: z.number() });
