import type { TranslationMessages } from 'react-admin';

/**
 * A declared resource's strings (shared/resources/<name>.messages[.<lang>].ts: name, fields), found
 * by their file's existence as react-admin's resources.<name>; the menu's label is the name's plural.
 */
export const declaredResources = (files: Record<string, TranslationMessages>) =>
  Object.fromEntries(
    Object.entries(files).map(([file, messages]) => [
      file.replace(/^.*\/|\.messages(\.\w+)?\.ts$/g, ''),
      { menu: String(messages.name).split('||||').pop()!.trim(), ...messages },
    ]),
  );
