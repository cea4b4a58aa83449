import { ApiError } from '../../apiError';
import { tmpValueOf } from '#shared/domain/files';
import { dataProvider } from '../../dataProvider';

/** The message of a refused post: our JSON error (local driver) or S3's XML <Message>. */
function refusalMessage(status: number, text: string): string {
  try {
    const json = JSON.parse(text) as { message?: string };
    if (json.message) return json.message;
  } catch {
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    if (message) return message;
  }
  return `The upload failed (${status})`;
}

/**
 * Uploads one file the way both storage drivers take it: asks GET /api/uploads/temporary for a
 * form, posts `fields` then the file to its `url`, and answers what the entity's `...Tmp`
 * field stores (url plus path). Errors are ApiErrors with the server's message.
 */
export async function uploadFile(file: Blob, fileName: string, { keepOriginalName = false } = {}): Promise<string> {
  const post = await dataProvider.temporaryUpload(fileName, keepOriginalName);
  const form = new FormData();
  for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
  form.append('file', file, fileName);
  let response: Response;
  try {
    // No cookies: the form's signature is the permission (and S3 is another origin).
    response = await fetch(post.url, { method: 'POST', body: form, credentials: 'omit' });
  } catch {
    throw new ApiError({ status: 0, error: 'NetworkError', message: 'The server could not be reached', errors: [] });
  }
  if (!response.ok) {
    const message = refusalMessage(response.status, await response.text());
    throw new ApiError({ status: response.status, error: 'UploadError', message, errors: [] });
  }
  return tmpValueOf(post);
}
