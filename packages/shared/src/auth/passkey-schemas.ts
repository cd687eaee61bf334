import { z } from 'zod';
import { plainText, requiredText } from '../common/fields.js';
import { ValidationKey as V } from '../errors.js';

/** The longest name a user gives a passkey ("iPhone von Erika", "YubiKey Praxis"). */
export const PASSKEY_NAME_MAX_LENGTH = 60;

// WebAuthn fields are base64url; authenticators send a few hundred bytes, an attestation with certificates some KB.
const base64url = (max: number) =>
  plainText(V.invalidValue)
    .max(max, V.invalidValue)
    .regex(/^[A-Za-z0-9_-]*$/, V.invalidValue);
const transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(7)
  .optional();
const credentialBase = {
  id: base64url(1400).min(1, V.required),
  rawId: base64url(1400).min(1, V.required),
  type: z.literal('public-key'),
  clientExtensionResults: z.object({}).catchall(z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What the browser's navigator.credentials.create() gave, as @simplewebauthn/browser serialises it. */
export const passkeyRegistrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20000),
    authenticatorData: base64url(4000).optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
});

/** What the browser's navigator.credentials.get() gave. */
export const passkeyAuthenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(1000),
    userHandle: base64url(200).optional(),
  }),
});

const passkeyName = requiredText(PASSKEY_NAME_MAX_LENGTH);

export const passkeyRegisterSchema = z.object({
  response: passkeyRegistrationResponseSchema,
  /** Left out: the server names it "Passkey". */
  name: passkeyName.optional(),
});

export const passkeyRenameSchema = z.object({ name: passkeyName });

export const passkeySchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ list: z.array(passkeySchema) });

/**
 * The options for navigator.credentials.create() or .get() as JSON (WebAuthn Level 3 `…OptionsJSON`), handed to
 * @simplewebauthn/browser as they are; only the challenge is named, the rest passes through.
 */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });

const loginToken = plainText(V.required).trim().min(1, V.required).max(200);

/** Without a login token: a sign-in with a passkey alone. With one: the passkey as the second step after the password. */
export const passkeySignInOptionsSchema = z.object({ loginToken: loginToken.optional() });

export const passkeySignInSchema = z.object({
  response: passkeyAuthenticationResponseSchema,
  loginToken: loginToken.optional(),
});
