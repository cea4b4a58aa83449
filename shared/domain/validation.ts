import type { z } from 'zod';

/** One problem with the input, as the API's `errors` list and the forms show it. */
export interface FieldIssue {
  path: string;
  /** An i18n key (app.validation.*) or plain text. */
  message: string;
  args: Record<string, string | number>;
}

/** A message as the API sends it: English text, and the key and args a translation renders. */
export interface ApiMessage {
  message: string;
  messageKey?: string;
  messageArgs?: Record<string, string | number>;
}

/**
 * The API's JSON error (docs/ARCHITECTURE.md, 'Errors'): {status, error, message, errors: [{path, message}]},
 * each message with its i18n key and args (shared/i18n/server.ts) beside the English text.
 */
export interface ApiErrorBody extends ApiMessage {
  status: number;
  error: string;
  errors: ({ path: string } & ApiMessage)[];
  /** Why a public capture page refuses (a RefusalReason of ./capture.ts). */
  reason?: string;
}

/** Turns zod issues into field issues whose message is a key and whose args fill it in. */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const args: Record<string, string | number> = {};
    if (issue.code === 'too_big' && typeof issue.maximum === 'number') args.max = issue.maximum;
    if (issue.code === 'too_small' && typeof issue.minimum === 'number') args.min = issue.minimum;
    let message = issue.message;
    // Messages zod wrote itself (wrong type, unknown key) are not keys of ours.
    if (!message.startsWith('app.')) {
      if (issue.code === 'unrecognized_keys') message = 'app.validation.unknownField';
      else if (issue.code === 'invalid_type' || issue.code === 'invalid_union') message = 'app.validation.invalid';
    }
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') args.keys = issue.keys.join(', ');
    return { path, message, args };
  });
}
