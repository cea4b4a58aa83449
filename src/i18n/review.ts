/** Validation messages of the upload review and fan data filters; spread into the shared validation messages. */
export const reviewValidationMessages = {
  minDate: 'Must be on or after 01/01/2020',
  dateOrder: 'Must not be before the start date',
  tagsTooMany: 'At most %{max} tags',
};
