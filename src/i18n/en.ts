import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import { validationMessages } from './validation';
import { authMessages } from './auth';
import { layoutMessages, menuMessages, navMessages } from './layout';
import { profileMessages } from './profile';
import { upsellMessages } from './upsell';
import { accountUsersMessages } from './accountUsers';
import { accountSettingsMessages } from './accountSettings';
import { pagesResourceMessages } from './pages';
import { adminUsersResourceMessages } from './adminUsers';
import { adminAccountsResourceMessages } from './adminAccounts';
import { musicianMessages } from './musician';
import { uploadMessages } from './upload';
import { dateRangeMessages, fanDataResourceMessages, privacyMessages, uploadPlayerMessages } from './fanData';

/** Every user-visible string of the console. Resources add `resources.<name>`; screens `app.<screen>`. */
const en: TranslationMessages = {
  ...englishMessages,
  app: {
    name: 'Fan Content Console',
    validation: validationMessages,
    auth: authMessages,
    nav: navMessages,
    menu: menuMessages,
    ...layoutMessages,
    profile: profileMessages,
    upsell: upsellMessages,
    accountUsers: accountUsersMessages,
    accountSettings: accountSettingsMessages,
    musician: musicianMessages,
    upload: uploadMessages,
    dateRange: dateRangeMessages,
    uploadPlayer: uploadPlayerMessages,
    privacy: privacyMessages,
    placeholder: {
      title: '%{name}',
      body: 'This screen is coming soon.',
    },
  },
  resources: { pages: pagesResourceMessages, 'admin/users': adminUsersResourceMessages, 'admin/accounts': adminAccountsResourceMessages, data: fanDataResourceMessages },
};

export default en;
