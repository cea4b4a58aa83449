import { z } from 'zod';

/**
 * Answers that are not JSON, as a route declares them (fastify-type-provider-zod's content form):
 * the handler sends them itself (a file, a stream, a redirect, no body), so nothing is serialized;
 * the OpenAPI document says what comes back.
 */
export interface ContentAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** A body of this media type (text, CSV, a zip, a file's bytes). */
export const contentAnswer = (description: string, mediaType: string): ContentAnswer => ({ description, content: { [mediaType]: { schema: z.string() } } });

/** No body: 204, or a redirect (its address in `location`); the OpenAPI document shows the description alone. */
export const emptyAnswer = (description: string) => z.null().describe(description);
