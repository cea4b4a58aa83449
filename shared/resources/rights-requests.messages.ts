/** Rights requests' strings (resources.rights-requests.*). */
export default {
  name: 'Rights request |||| Rights requests',
  fields: {
    uploadId: 'Upload',
    status: 'Rights',
    locale: 'Language',
    releaseVersion: 'Release text version',
    expiresAt: 'Link expires',
    answeredAt: 'Answered',
    createdAt: 'Requested',
  },
  choices: { status: { none: 'No rights', requested: 'Rights requested', granted: 'Rights granted', declined: 'Rights declined', revoked: 'Rights revoked' } },
  empty: 'No rights requested yet.',
};
