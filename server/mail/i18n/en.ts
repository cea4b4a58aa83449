/**
 * Mails to staff (invitations, password and email links, the upload digest, platform admins'
 * messages) in English. `%{name}` takes an argument; `one |||| many` is chosen by smart_count.
 */
export const staffMailText = {
  product: 'Fan Content Console',
  hello: 'Hello,',
  helloName: 'Hello %{name},',
  linkOnce: 'The link works once and expires in %{hours} hours.',
  videoProcessed: {
    subject: '%{product}: a fan upload is ready to review |||| %{product}: %{smart_count} fan uploads are ready to review',
    intro: 'A fan upload has been processed and is ready to review: |||| %{smart_count} fan uploads have been processed and are ready to review:',
    review: 'Review them in the console:',
    note: 'You get at most one of these mails every 10 minutes. Turn them off in your profile.',
  },
  resetPassword: {
    subject: '%{product}: reset your password',
    intro: 'Someone asked to reset the password of your account. Follow this link to choose a new one:',
    expiry: 'The link works once and expires in %{hours} hours. If you did not ask for it, ignore this mail.',
  },
  setPassword: {
    subject: '%{product}: set your password',
    intro: 'An account was created for you on %{product}. Follow this link to choose your password:',
  },
  verifyEmail: {
    subject: '%{product}: verify your email',
    intro: 'Please confirm your email address by following this link:',
  },
  changeEmail: {
    subject: '%{product}: confirm your new email',
    intro: 'Follow this link to make %{email} the email of your account:',
    expiry: 'The link works once and expires in %{hours} hours. Until then your old email stays in use.',
  },
  emailChanging: {
    subject: '%{product}: your email is being changed',
    changing:
      'Someone signed in to your account asked to change its email to %{email}. The change takes effect when the link sent to that address is followed; until then this address stays in use.',
    notYou: 'If this was not you, change your password now and write to %{support}.',
  },
  invitation: {
    subject: '%{inviter} invited you to join %{account} on %{product}',
    intro: '%{inviter} invited you to join %{account} on %{product}. Follow this link to accept:',
    expiry: 'The invitation expires in %{days} days.',
  },
  userMessage: { signature: '%{sender}, %{product}' },
};
