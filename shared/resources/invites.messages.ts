/** Pending invitations' strings (resources.invites.*). */
export default {
  name: 'Invite |||| Pending invites',
  fields: { email: 'Email', role: 'Role', expiresAt: 'Expires', createdAt: 'Sent' },
  choices: { role: { owner: 'Owner', admin: 'Admin', user: 'User', readonly: 'Read only' } },
  empty: 'No pending invites.',
};
