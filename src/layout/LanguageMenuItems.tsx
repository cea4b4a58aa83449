import { ListItemIcon, ListSubheader, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { LOCALE_NAMES, LOCALES, type Locale } from '#shared/domain/locales';
import type { AppDataProvider } from '../dataProvider';

/**
 * The user menu's Language group: one item per language, named in its own language. Choosing
 * one switches the console at once and saves it on the user, so their other devices (when
 * next opened or signed in on) and their mails follow. Items, not a component, because a menu's children are its items.
 */
export function useLanguageMenuItems(onChosen: () => void): React.ReactElement[] {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [current, setLocale] = useLocaleState();
  // A failed save shows the Error dialog; this device keeps the language chosen.
  const { mutate: saveLocale } = useMutation({ mutationFn: (locale: Locale) => dataProvider.saveLocale(locale) });
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
