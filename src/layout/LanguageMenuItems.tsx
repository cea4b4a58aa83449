import { ListItemIcon, ListSubheader, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useLocaleState, useTranslate, useUpdate } from 'react-admin';
import { LOCALE_NAMES, LOCALES, type Locale } from '#shared/domain/locales';

/**
 * The user menu's Language group: one item per language, named in its own language. Choosing
 * one switches the console at once and saves it on the user, so their other devices (when
 * next opened or signed in on) and their mails follow. Items, not a component, because a menu's children are its items.
 */
export function useLanguageMenuItems(onChosen: () => void): React.ReactElement[] {
  const translate = useTranslate();
  const [current, setLocale] = useLocaleState();
  const [update] = useUpdate();
  // The signed-in user's language (PUT /api/users/me/locale). A failed save shows the Error dialog; this device keeps the language chosen.
  const saveLocale = (locale: Locale) => update('user-locales', { id: 'me', data: { locale }, previousData: { id: 'me' }, meta: { errorDialog: true } });
  const choose = (locale: Locale) => {
    onChosen();
    if (locale === current) return;
    setLocale(locale);
    saveLocale(locale);
  };
  return [
    <ListSubheader key="language" role="none">
      {translate('app.menu.language')}
    </ListSubheader>,
    ...LOCALES.map((locale) => (
      <MenuItem key={locale} role="menuitemradio" aria-checked={locale === current} lang={locale} onClick={() => choose(locale)}>
        <ListItemIcon>{locale === current && <CheckIcon fontSize="small" />}</ListItemIcon>
        {LOCALE_NAMES[locale]}
      </MenuItem>
    )),
  ];
}
