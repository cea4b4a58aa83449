/** Strings of the console shell: navigation, user menu, footer and global dialogs. */
export const navMessages = {
  insights: 'Insights',
  uploads: 'Fan Uploads',
  data: 'Fan Data',
  pages: 'Your Pages',
  sections: 'Sections',
  sectionsOf: '%{current}, sections',
};

export const menuMessages = {
  open: 'Open user menu',
  /** The visible initials belong in the button's name (WCAG 2.5.3, label in name). */
  switchAccount: 'Switch Account',
  profile: 'Profile settings',
  accountSettings: 'Account settings',
  configuration: 'Configuration',
  users: 'Users',
  subscription: 'Subscription',
  platformAdmin: 'Platform Admin',
  adminUsers: 'Users',
  adminAccounts: 'Accounts',
  adminJobs: 'Jobs',
  adminUploads: 'Uploads',
  logout: 'Log out',
  help: 'Help',
  language: 'Language',
  noAccount: 'No account selected',
};

export const layoutMessages = {
  footer: { terms: 'Terms of service', copyright: '© %{year} Fan Content Console' },
  switchAccount: {
    title: 'Switch Account',
    search: 'Search accounts',
    none: 'You have no other accounts.',
    cancel: 'Cancel',
  },
  appChanged: {
    title: 'Application Changed',
    text: 'A new application version was released, you will not be able to continue using the old version. In order to continue, we must reload your application and require you to login.',
    reload: 'Reload',
    cancel: 'Cancel',
  },
  comingSoon: {
    title: 'Coming soon',
    body: 'This part of the console is coming soon.',
    named: '%{what} is coming soon: nothing here is kept or shown yet.',
  },
  readOnly: { notice: 'You can view this record but not change it.' },
  errorDialog: {
    title: 'Error',
    default: 'An error occurred',
    status: 'Status',
    message: 'Message',
    close: 'Close',
  },
};

/**
 * Success toasts that name what changed ('Page updated'); `%{name}` is the resource's singular
 * name, put in when the console's words are assembled. Many records at once keep react-admin's words.
 */
export const notificationMessages = {
  created: '%{name} created',
  updated: '%{name} updated',
  deleted: '%{name} deleted',
};
