import type { TranslationMessages } from 'react-admin';
import frenchMessages from 'ra-language-french';
import * as modules from './fr/modules';
import { assembleConsole } from './assemble';
import { declaredResourceMessages as english } from './en';
import { declaredResources } from './declaredResources';

/**
 * A declared resource in French (shared/resources/<name>.messages.fr.ts) over its English, so a
 * resource nobody translated yet still shows words rather than keys.
 */
const french = declaredResources(import.meta.glob<TranslationMessages>('../../shared/resources/*.messages.fr.ts', { eager: true, import: 'default' }));
const declaredResourceMessages = Object.fromEntries(Object.entries(english).map(([name, messages]) => [name, { ...messages, ...french[name] }]));

/** The console in French: its modules are typed against the English, so a key missing here fails the type check. */
const fr = assembleConsole(frenchMessages, modules, declaredResourceMessages);

export default fr;
