import { musicianValidationMessages } from './musician';
import { reviewValidationMessages } from './review';

/** Validation messages, shared by the console forms and the server's English error text. */
export const validationMessages = {
  ...musicianValidationMessages,
  ...reviewValidationMessages,
  required: 'Required',
  email: 'Must be a valid email',
  url: 'Must be a valid URL',
  maxLength: 'Must be %{max} characters or less',
  minLength: 'Must be at least %{min} characters',
  passwordMin: 'Must be 6 or more characters',
  passwordsMatch: 'Passwords must match',
  emailsMatch: 'Emails must match',
  agreeTerms: 'You must agree to the terms',
  slug: 'Letters and numbers only, no spaces',
  wholeNumber: 'Must be a whole number',
  invalid: 'Invalid value',
  controlCharacters: 'Must not contain control characters',
  singleLine: 'Must be a single line without tabs or control characters',
  unknownField: 'Unknown field: %{keys}',
  onePrimary: 'Only one header link can be primary',
  tooMany: 'At most %{max}',
  formInvalid: 'Required fields missing or invalid',
  requiredFields: 'Required fields',
  phone: 'Must be a valid phone number',
  zip: 'Must be a valid zip or postal code',
  dob: 'Must be a valid date of birth (YYYY-MM-DD)',
  handle: 'Letters, numbers, dots and underscores only',
  choice: 'Choose one of the listed options',
};
