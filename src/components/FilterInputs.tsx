import type { ReactNode } from 'react';
import { Checkbox, FilledInput, FormControl, InputLabel, ListItemText, MenuItem, Select, TextField } from '@mui/material';
import type { SxProps, TextFieldProps, Theme } from '@mui/material';
import { TextInput, useGetList, useInput, type TextInputProps } from 'react-admin';
import { MAX_PAGE_SIZE } from '#shared/domain/constants';

/**
 * slotProps of a filter's select whose first choice is 'all' (value ''): that choice shows in the
 * box with the label above, as the date range shows 'All Time'. An empty box left a long label
 * running under the select's arrow on phones.
 */
const showsAllChoice = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** Only spaces is no filter (the API refuses a blank one); other text goes as typed, the API trims it. */
const blankIsEmpty = (text: string) => (text.trim() ? text : '');

/** A filter's width in a filter bar: half the row on phones (two a row, 8 px apart), `wide` on wider screens. */
export const filterWidth = (wide: number | 'auto') => ({ width: { xs: 'calc(50% - 4px)', sm: wide } });

/** A field of a filter bar: small, no margin and its own width, as every field there, so they line up. */
export const FilterTextField = (props: TextFieldProps) => <TextField size="small" fullWidth={false} margin="none" {...props} />;

/**
 * A free-text input of a filter bar (a FilterLiveForm, which applies it once typing pauses or on
 * Enter). No margin, as every field of a filter bar, so they line up.
 */
export const FilterTextInput = ({ maxLength, ...props }: TextInputProps & { maxLength: number }) => (
  <TextInput size="small" margin="none" fullWidth={false} helperText={false} parse={blankIsEmpty} slotProps={{ htmlInput: { maxLength } }} {...props} />
);

/**
 * A select of a filter bar whose first choice, 'any' (shown in the box), is no filter. `ready`
 * false while its choices load, so the box does not hold a value it has no choice for yet.
 */
export const FilterSelectInput = ({
  source,
  id,
  label,
  anyLabel,
  ready = true,
  disabled,
  sx = { minWidth: 140 },
  children,
}: {
  source: string;
  id?: string;
  label: string;
  anyLabel: string;
  ready?: boolean;
  disabled?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) => {
  const { field } = useInput<string>({ source });
  return (
    <FilterTextField
      select
      id={id}
      name={field.name}
      label={label}
      value={ready ? (field.value ?? '') : ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      disabled={disabled}
      sx={sx}
      slotProps={showsAllChoice}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {children}
    </FilterTextField>
  );
};

/** A filter on one of the records of another resource, chosen by name (a page, an account). */
export const NamedRecordFilterInput = ({
  reference,
  ...props
}: {
  reference: string;
  source: string;
  id?: string;
  label: string;
  anyLabel: string;
  sx?: SxProps<Theme>;
}) => {
  const { data } = useGetList<{ id: string; name: string }>(reference, {
    pagination: { page: 1, perPage: MAX_PAGE_SIZE },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <FilterSelectInput {...props} ready={!!data?.length}>
      {(data ?? []).map((record) => (
        <MenuItem key={record.id} value={record.id}>
          {record.name}
        </MenuItem>
      ))}
    </FilterSelectInput>
  );
};

/** A filter taking several values at once, each choice with its checkbox (the statuses of platform users). */
export const CheckboxesFilterInput = ({
  source,
  label,
  choices,
  choiceLabel,
  sx,
}: {
  source: string;
  label: string;
  choices: readonly string[];
  choiceLabel: (choice: string) => string;
  sx?: SxProps<Theme>;
}) => {
  const { field, id } = useInput<string[]>({ source });
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  return (
    <FormControl size="small" variant="filled" fullWidth={false} margin="none" sx={sx}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select<string[]>
        labelId={`${id}-label`}
        multiple
        name={field.name}
        value={value}
        onChange={(event) => field.onChange(typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value)}
        onBlur={field.onBlur}
        input={<FilledInput />}
        renderValue={(selected) => selected.map(choiceLabel).join(', ')}
      >
        {choices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            <Checkbox checked={value.includes(choice)} size="small" />
            <ListItemText primary={choiceLabel(choice)} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
};
