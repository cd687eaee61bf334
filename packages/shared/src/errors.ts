import { z } from 'zod';

/** The JSON error body every failing API call answers with. */
export const errorBodySchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string(),
  validationMessages: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Error types (the `type` field) and their HTTP status. */
export const ERROR_TYPES = {
  'Bad Request': 400,
  Unauthorized: 401,
  Forbidden: 403,
  'Entity Missing': 404,
  Conflict: 409,
  'Validation Failed': 422,
  'Too Many Requests': 429,
  'Server Error': 500,
  'Bad Gateway': 502,
} as const;
export type ErrorType = keyof typeof ERROR_TYPES;

/** Message keys used in validationMessages; the web maps each to a catalogue text. */
export const ValidationKey = {
  required: 'error.required',
  invalidEmail: 'error.invalidEmail',
  emailAlreadyExists: 'error.emailAlreadyExists',
  credentialsInvalid: 'error.credentialsInvalid',
  deactivatedProfile: 'error.deactivatedProfile',
  passwordRules: 'error.passwordRules',
  passwordsDontMatch: 'error.passwordsDontMatch',
  phone: 'error.phone',
  max80Signs: 'error.max80Signs',
  max800Signs: 'error.max800Signs',
  tooLong: 'error.tooLong',
  termsRequired: 'error.termsRequired',
  invalidValue: 'error.invalidValue',
  onlyDigits: 'error.onlyDigits',
  pinInvalid: 'error.pinInvalid',
} as const;
