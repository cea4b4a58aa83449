/** The release texts' strings (resources.release-texts.*). */
export default {
  name: 'Release text |||| Release texts',
  fields: {
    version: 'Version',
    textEn: 'Text in English',
    textFr: 'Text in French',
    textEs: 'Text in Spanish',
    textDe: 'Text in German',
    textPt: 'Text in Portuguese',
    createdAt: 'Written',
    updatedAt: 'Written',
  },
  empty: 'No release text yet: requests use the default text until you write one.',
};
