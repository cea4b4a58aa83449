/** Validation messages of the musician schema. */
const musicianValidationMessages = {
  musicianSlugTaken: 'This slug is already used by another musician',
  minValue: 'Must be %{min} or more',
  maxValue: 'Must be %{max} or less',
  instrumentsMin: 'Choose at least one instrument',
  lessonLocationsMin: 'Choose at least one lesson location',
  youtubeEmbed: 'Must be the src of a YouTube embed, like https://www.youtube.com/embed/VIDEO_ID',
  timezone: 'Choose a timezone from the list',
  time: 'Must be a time (HH:mm)',
  slotOrder: 'The start must be before the end',
  slotOverlap: 'Overlaps another time slot of the day',
  date: 'Must be a date',
};

/** Validation messages of the upload review and fan data filters. */
const reviewValidationMessages = {
  minDate: 'Must be on or after 01/01/2020',
  dateOrder: 'Must not be before the start date',
  tagsTooMany: 'At most %{max} tags',
};

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
  reelClip: "Must be an upload's id, or its id and the seconds to play (id@2-8)",
  reelClipsOrRule: 'Give the clips, or a rule that chooses them, not both',
};
