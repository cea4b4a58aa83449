/** Strings of the Platform Accounts resource (/admin/accounts). */
export const adminAccountsResourceMessages = {
  name: 'Account |||| Accounts',
  title: 'Platform Accounts',
  loading: 'loading...',
  empty: 'No accounts match this search.',
  fields: {
    name: 'Name',
    slug: 'Slug',
    subscriptionPlan: 'Plan',
    status: 'Status',
    uploadVideoCount: 'Videos',
    pageCount: 'Pages',
    userCount: 'Users',
    createdAt: 'Created',
  },
  plan: { free: 'Free', basic: 'Basic', pro: 'Pro', enterprise: 'Enterprise' },
  status: { enabled: 'Enabled', disabled: 'Disabled' },
  search: { name: 'Search by name or slug', status: 'Status', subscriptionPlan: 'Plan', any: 'Any', submit: 'Search' },
  newAccount: {
    button: 'New Account',
    title: 'New Account',
    submit: 'Create',
    slugHint: 'Letters and numbers only; the start of every page address',
    ownerEmail: 'Owner email (optional)',
    ownerHint: 'We email them an invitation to own the account.',
    hint: 'You can invite more users and set the look of the account once it exists.',
    created: 'Account %{name} created',
  },
  planChanged: '%{name} is now on the %{plan} plan',
  actions: {
    enable: 'Enable Account',
    disable: 'Disable Account',
    enableConfirm: 'Enable %{name}? Its users can select it again and its pages accept fan uploads again.',
    disableConfirm:
      'Disable %{name}? Its users can no longer select it, anyone working in it is sent to choose another account, and its pages stop accepting fan uploads.',
    enabled: 'Account %{name} enabled',
    disabled: 'Account %{name} disabled',
  },
  details: {
    breadcrumb: 'Platform Accounts',
    tabs: { label: 'Account details', general: 'General', users: 'Users' },
  },
};
