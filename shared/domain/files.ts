/**
 * What may be uploaded through GET /api/uploads/temporary, shared by the server (which signs
 * and checks the limits) and the console (which refuses early with the same message).
 * The server trusts only the bytes: a file's real type is sniffed, never taken from its name.
 */
export const FILE_KINDS = {
  image: {
    /** Real types with the extension a stored file gets. */
    types: {
      'image/jpeg': 'jpg',
      'image/png': 'png',
      'image/gif': 'gif',
      'image/webp': 'webp',
      'image/x-icon': 'ico',
    },
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'ico'],
    maxBytes: 10 * 1024 * 1024,
  },
  video: {
    types: {
      'video/mp4': 'mp4',
      'video/quicktime': 'mov',
      'video/webm': 'webm',
    },
    extensions: ['mp4', 'm4v', 'mov', 'webm'],
    maxBytes: 500 * 1024 * 1024,
  },
} as const;

export type FileKind = keyof typeof FILE_KINDS;
export type KnownContentType = keyof (typeof FILE_KINDS)['image']['types'] | keyof (typeof FILE_KINDS)['video']['types'];

/** The answer of GET /api/uploads/temporary, shaped like an S3 presigned POST. */
export interface TemporaryPost {
  /** Where the browser posts a multipart form: every field of `fields`, then `file`. */
  url: string;
  /** The object key the file will have (a `tmp/...` key). */
  path: string;
  fields: Record<string, string>;
}

/** What an entity's `...Tmp` field stores after the upload: url plus path (spec section 7). */
export function tmpValueOf(post: Pick<TemporaryPost, 'url' | 'path'>): string {
  return `${post.url.replace(/\/+$/, '')}/${post.path}`;
}

/** How long a temporary upload form stays valid. */
export const TEMPORARY_POST_TTL_SECONDS = 15 * 60;

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return match ? match[1].toLowerCase() : '';
}

/** The kind a file name claims to be (by extension), or undefined when we do not take it. */
export function fileKindOf(fileName: string): FileKind | undefined {
  const ext = extensionOf(fileName);
  return (Object.keys(FILE_KINDS) as FileKind[]).find((kind) => (FILE_KINDS[kind].extensions as readonly string[]).includes(ext));
}

export function contentTypesOf(kind: FileKind): KnownContentType[] {
  return Object.keys(FILE_KINDS[kind].types) as KnownContentType[];
}

/** The content type a stored file's extension stands for (stored names carry their sniffed extension). */
export function contentTypeOfExtension(ext: string): KnownContentType | undefined {
  for (const kind of Object.values(FILE_KINDS)) {
    for (const [type, typeExt] of Object.entries(kind.types)) if (typeExt === ext) return type as KnownContentType;
  }
  return undefined;
}

export function extensionOfContentType(type: KnownContentType): string {
  const types: Record<string, string> = { ...FILE_KINDS.image.types, ...FILE_KINDS.video.types };
  return types[type];
}

/** Megabytes for messages ("at most 10 MB"). */
export function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}
