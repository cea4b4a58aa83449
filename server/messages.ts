import { serverMessages, type MessageArgs } from '#shared/i18n/server';
import { validationMessages } from '#shared/i18n/validation';

export type { Message, MessageArgs, MessageKey } from '#shared/i18n/server';

function flatten(prefix: string, tree: object, into: Map<string, string>): Map<string, string> {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${name}`, value);
    else flatten(`${prefix}${name}.`, value as object, into);
  }
  return into;
}

const english = flatten('app.validation.', validationMessages, flatten('app.server.', serverMessages, new Map()));

/**
 * The English text of a message key with its args, as the console's polyglot renders it
 * (`%{name}` filled in, `one |||| many` chosen by smart_count). Text that is not a key is
 * returned with its args filled in.
 */
export function englishMessage(key: string, args: MessageArgs = {}): string {
  return fillMessage(english.get(key) ?? key, args);
}

/** A polyglot template filled as the console fills it: `%{name}` replaced, `one |||| many` chosen by smart_count. */
export function fillMessage(template: string, args: MessageArgs = {}): string {
  if (template.includes('||||')) {
    const forms = template.split('||||').map((form) => form.trim());
    template = (Number(args.smart_count) === 1 ? forms[0] : forms[1]) ?? forms[0];
  }
  return template.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

/** Whether a text is one of our keys (the body then carries it for the console to render). */
export const isMessageKey = (text: string): boolean => english.has(text);

/** Every key of the API's messages (for the test that the console renders them alike). */
export const messageKeys = (): string[] => [...english.keys()];
