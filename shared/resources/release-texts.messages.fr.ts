/** Les chaînes des textes de cession (resources.release-texts.*). */
export default {
  name: 'Texte de cession |||| Textes de cession',
  fields: {
    version: 'Version',
    textEn: 'Texte en anglais',
    textFr: 'Texte en français',
    textEs: 'Texte en espagnol',
    textDe: 'Texte en allemand',
    textPt: 'Texte en portugais',
    createdAt: 'Rédigé',
    updatedAt: 'Rédigé',
  },
  empty: "Aucun texte de cession : les demandes utilisent le texte par défaut tant que vous n'en écrivez pas.",
};
