import type { KeyboardEvent } from 'react';

/**
 * Spec console.md 5, 'Enter without Shift submits': on a field where Enter would otherwise make a
 * new line (the user-message box), Enter sends the form it is in and Shift+Enter makes the new
 * line. Single-line fields need nothing: a form's text input submits on Enter by itself. Enter
 * while an input method is composing (Japanese, Chinese...) is left to it.
 */
export function submitOnEnter(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  const form = (event.target as HTMLElement).closest('form');
  if (!form) return;
  event.preventDefault();
  form.requestSubmit();
}
