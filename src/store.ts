import { localStorageStore } from 'react-admin';

/** react-admin's store (preferences, the language under 'locale'), kept in localStorage per device. */
export const appStore = localStorageStore(undefined, 'app');
