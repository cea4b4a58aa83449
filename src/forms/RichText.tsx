import { useMemo, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import { EDITOR_HEIGHT } from '#shared/domain/richText';

/** The part of ProseMirror's EditorView these handlers use. */
interface EditorView {
  dom: Element;
  pasteText(text: string): boolean;
}

/**
 * Pastes as plain text (spec console.md 5, 'the rich-text editor pastes as plain text'): what
 * the clipboard holds as HTML goes in through ProseMirror's own plain-text paste, one paragraph
 * a line. That paste calls this again without clipboard data, which it leaves alone.
 */
function pasteAsPlainText(view: EditorView, event: ClipboardEvent): boolean {
  const data = event.clipboardData;
  if (!data || !data.types.includes('text/html')) return false;
  view.pasteText(data.getData('text/plain'));
  return true;
}

/** 'Enter without Shift submits' (the message box): Shift+Enter keeps the editor's line break. */
function enterSubmits(view: EditorView, event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return false;
  const form = view.dom.closest('form');
  if (!form) return false;
  event.preventDefault();
  form.requestSubmit();
  return true;
}

/**
 * react-admin's RichTextInput for the long texts the spec leaves free (a musician's bio, a
 * message to a user): 300 px high, the toolbar limited to what the server keeps
 * (shared/domain/richText.ts), pasting as plain text. The server sanitises what it stores.
 */
export const RichTextField = ({
  source,
  label,
  helperText,
  isRequired,
  disabled,
  submitOnEnter = false,
}: {
  source: string;
  label: string;
  helperText?: ReactNode;
  isRequired?: boolean;
  disabled?: boolean;
  submitOnEnter?: boolean;
}) => {
  const translate = useTranslate();
  const name = translate(label);
  const editorOptions = useMemo(
    () => ({
      ...DefaultEditorOptions,
      editorProps: {
        attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': name },
        handlePaste: pasteAsPlainText,
        ...(submitOnEnter ? { handleKeyDown: enterSubmits } : {}),
      },
    }),
    [name, submitOnEnter],
  );
  return (
    <Box sx={{ '& .ProseMirror': { height: EDITOR_HEIGHT, overflowY: 'auto', boxSizing: 'border-box' } }}>
      <RichTextInput
        source={source}
        label={label}
        helperText={helperText}
        isRequired={isRequired}
        disabled={disabled}
        editorOptions={editorOptions}
        toolbar={
          <RichTextInputToolbar>
            <FormatButtons />
            <ListButtons />
            <LinkButtons />
            <QuoteButtons />
            <ClearButtons />
          </RichTextInputToolbar>
        }
      />
    </Box>
  );
};
