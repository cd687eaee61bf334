import { PASSWORD_MAX_LENGTH, PIN_LENGTH } from '@praxia/shared/constants';
import { ValidationKey } from '@praxia/shared/errors';

export type CredentialsInput = { email: string; password: string };
export type CredentialsErrors = Partial<Record<keyof CredentialsInput, string>>;

// Something@something.tld: enough to catch a typo before sending; the server's schema (credentialsSchema) decides.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PIN_PATTERN = new RegExp(`^\\d{${PIN_LENGTH}}$`);

/**
 * The sign-in form's check before it sends, with the message keys of the shared credentials schema. Written without
 * the schema library on purpose: the sign-in page is the staff entry's first view and must stay small.
 */
export function checkCredentials({ email, password }: CredentialsInput): CredentialsErrors {
  const errors: CredentialsErrors = {};
  const address = email.trim();
  if (!address) errors.email = ValidationKey.required;
  else if (address.length > 254 || !EMAIL_SHAPE.test(address)) errors.email = ValidationKey.invalidEmail;
  if (!password) errors.password = ValidationKey.required;
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = ValidationKey.credentialsInvalid;
  return errors;
}

/** Whether a typed access code has the form the server accepts (six digits). */
export const isPinShaped = (pin: string) => PIN_PATTERN.test(pin);

/** Keeps only digits, at most as many as a code has: what the code field accepts while typing. */
export const toPinDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, PIN_LENGTH);
