import type { FormValues } from './formModel';

/**
 * What the fan entered, kept in this browser so a reload or a reopened tab neither loses the
 * form nor the upload: the values, and the file whose upload was under way (tus keeps the
 * upload's address under the file's fingerprint; the fan only chooses the same file again).
 */
export interface Draft {
  values: FormValues;
  file?: { name: string; size: number; percent: number };
}

const keyOf = (slugs: { accountSlug: string; pageSlug: string }) => `capture.draft:${slugs.accountSlug}/${slugs.pageSlug}`;

export function loadDraft(slugs: { accountSlug: string; pageSlug: string }): Draft | undefined {
  try {
    const raw = localStorage.getItem(keyOf(slugs));
    const draft = raw ? (JSON.parse(raw) as Draft) : undefined;
    return draft && typeof draft.values === 'object' && draft.values && typeof draft.values.text === 'object' ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function saveDraft(slugs: { accountSlug: string; pageSlug: string }, draft: Draft): void {
  try {
    localStorage.setItem(keyOf(slugs), JSON.stringify(draft));
  } catch {
    // Private mode or a full storage: the form still works, it only forgets on reload.
  }
}

export function clearDraft(slugs: { accountSlug: string; pageSlug: string }): void {
  try {
    localStorage.removeItem(keyOf(slugs));
  } catch {
    // nothing kept, nothing to clear
  }
}
