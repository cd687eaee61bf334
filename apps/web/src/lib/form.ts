import type { GetInputPropsReturnType } from '@mantine/form';
import { translateValidationKey } from './i18n';

/**
 * Form errors hold the shared schemas' message keys ('error.required'); this turns them into the catalogue text
 * when an input is drawn, so the message follows a language switch. Pass it as `enhanceGetInputProps`.
 */
export function translateInputError({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  const { error } = inputProps;
  if (typeof error !== 'string' || !error.startsWith('error.')) return undefined;
  return { error: translateValidationKey(error) };
}

/** Common form options: validate each field as the user types, with the translated messages. */
export const formDefaults = {
  mode: 'controlled',
  validateInputOnChange: true,
  enhanceGetInputProps: translateInputError,
} as const;
