import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import * as modules from './modules';
import { assembleConsole } from './assemble';
import { declaredResources } from './declaredResources';

/** Declared resources' strings: shared/resources/<name>.messages.ts. */
export const declaredResourceMessages = declaredResources(
  import.meta.glob<TranslationMessages>('../../shared/resources/*.messages.ts', { eager: true, import: 'default' }),
);

/** Every user-visible string of the console, with react-admin's own. Other languages mirror it (src/i18n/fr.ts). */
const en = assembleConsole(englishMessages, modules, declaredResourceMessages);

export default en;
