import { SearchInput as RaSearchInput, useResourceContext, useTranslate, type SearchInputProps } from 'react-admin';

/**
 * react-admin's SearchInput with a translated placeholder. react-admin translates its own
 * default ('ra.action.search') but hands a `placeholder` prop to the input as it is, so a key
 * given there showed raw. Here the placeholder is a key: by default the resource's
 * `resources.<name>.search` ('Search venues'), else react-admin's 'Search'. The box is named by the same words.
 */
export const SearchInput = ({ placeholder, ...props }: SearchInputProps) => {
  const translate = useTranslate();
  const resource = useResourceContext(props);
  const fallback = translate('ra.action.search');
  const key = placeholder ?? (resource ? `resources.${resource}.search` : undefined);
  const text = key ? translate(key, { _: fallback }) : fallback;
  // react-admin's SearchInput has no visible label: the box is named by the words it shows.
  const htmlInput = { 'aria-label': text, ...(props.slotProps?.htmlInput as object | undefined) };
  return <RaSearchInput {...props} placeholder={text} slotProps={{ ...props.slotProps, htmlInput }} />;
};
