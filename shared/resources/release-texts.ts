import { z } from 'zod';
import { defineResource } from './define';
import { optionalText } from '../domain/schemas/common';

const releaseText = () => optionalText(5000, { multiline: true }).optional();

/**
 * The release texts fans agree to when they grant the rights to use their clips, one text per fan
 * language. Versioned: saving a text writes a new version and the old ones stay as they were
 * (fans agreed to them), read-only; a language left blank takes the default text
 * (shared/domain/rights.ts). Requests use the latest version (server/resources/release-texts.ts).
 */
export const releaseTexts = defineResource({
  name: 'release-texts',
  table: 'release_texts',
  scope: 'account',
  fields: {
    version: z.number().int(),
    textEn: releaseText(),
    textFr: releaseText(),
    textEs: releaseText(),
    textDe: releaseText(),
    textPt: releaseText(),
  },
  readOnly: ['version'],
  title: 'version',
  actions: ['list', 'show', 'create', 'edit'],
  sorts: ['version', 'createdAt'],
  defaultSort: 'version',
  // Who asks for the rights words the request; read-only members read what fans were shown.
  access: { list: 'readonly', show: 'readonly', create: 'user', edit: 'user' },
  listFields: ['version', 'textEn', 'createdAt'],
  menu: 'accountSettings',
  menuOrder: 40,
});
