import { credentialsSchema, PIN_LENGTH, pinSchema } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { checkCredentials, isPinShaped, toPinDigits } from './credentials-check';

/** The message key the server's schema gives a field, or undefined when it accepts the field. */
function schemaKey(input: { email: string; password: string }, field: 'email' | 'password') {
  const result = credentialsSchema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('checkCredentials', () => {
  it.each([
    { email: '', password: 'x' },
    { email: '   ', password: 'x' },
    { email: 'anna', password: 'x' },
    { email: 'anna@praxis', password: 'x' },
    { email: 'anna@praxis.de', password: '' },
    { email: `${'a'.repeat(250)}@praxis.de`, password: 'x' },
    { email: 'anna@praxis.de', password: 'x'.repeat(129) },
  ])('refuses what the server schema refuses, with its message key: %o', (input) => {
    const errors = checkCredentials(input);
    expect(Object.keys(errors).length).toBeGreaterThan(0);
    expect(errors.email).toBe(schemaKey(input, 'email'));
    expect(errors.password).toBe(schemaKey(input, 'password'));
  });

  it('lets well-formed credentials through, as the server schema does', () => {
    const input = { email: ' Anna.Berg@Praxis-Berg.de ', password: 'Geheim-Passwort-1!' };
    expect(checkCredentials(input)).toEqual({});
    expect(credentialsSchema.safeParse(input).success).toBe(true);
  });

  it('keeps the spaces around a password, as the server schema does', () => {
    for (const password of ['   ', ' Geheim-Passwort-1! ']) {
      const input = { email: 'anna@praxis.de', password };
      expect(checkCredentials(input)).toEqual({});
      expect(credentialsSchema.parse(input).password).toBe(password);
    }
  });
});

describe('access code', () => {
  it('accepts six digits only, like the server', () => {
    for (const pin of ['123456', '12345', '1234567', '12a456', '']) {
      expect(isPinShaped(pin)).toBe(pinSchema.safeParse({ pin, loginToken: 't' }).success);
    }
  });

  it('keeps the digits of what was typed, up to the code length', () => {
    expect(toPinDigits('12 34-56 78')).toBe('123456');
    expect(toPinDigits('abc')).toBe('');
    expect(PIN_LENGTH).toBe(6);
  });
});
