import { PHONE_CHARACTERS } from '@praxia/shared/constants';
import type { PhoneCheck } from './validation';

let loading: Promise<PhoneCheck> | undefined;

/**
 * libphonenumber's metadata is larger than the rest of the widget, so it is fetched after the first view (when the
 * name step opens) rather than with it. Should the fetch fail, the number is left to the server's check.
 */
export function loadPhoneCheck(): Promise<PhoneCheck> {
  loading ??= import('libphonenumber-js/min').then(
    ({ parsePhoneNumberFromString }): PhoneCheck =>
      (phone, country) =>
        PHONE_CHARACTERS.test(phone) &&
        Boolean(
          parsePhoneNumberFromString(phone, country as Parameters<typeof parsePhoneNumberFromString>[1])?.isValid(),
        ),
    () => {
      loading = undefined;
      return () => true;
    },
  );
  return loading;
}

/** The phone countries offered (spec §9: default DE): Germany, its neighbours and a few near ones. */
export const PHONE_COUNTRIES = [
  ['DE', '+49'],
  ['AT', '+43'],
  ['CH', '+41'],
  ['NL', '+31'],
  ['BE', '+32'],
  ['LU', '+352'],
  ['FR', '+33'],
  ['DK', '+45'],
  ['PL', '+48'],
  ['CZ', '+420'],
  ['IT', '+39'],
] as const;
