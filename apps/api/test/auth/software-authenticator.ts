import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software, for API tests: it answers registration and sign-in options the way a
 * platform authenticator with a PIN or biometric does (ES256 key pair, attestation 'none', user present and
 * verified), so the server's real verification runs on real signatures. Each instance is one device; it keeps its
 * credentials and their signature counters like a discoverable-credential authenticator.
 */

type Credential = { id: Buffer; privateKey: KeyObject; userHandle: string; rpId: string; counter: number };
type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const uint32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
};

function coseKeyOf(privateKey: KeyObject): Uint8Array {
  const jwk = privateKey.export({ format: 'jwk' });
  // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]),
  );
}

/** A credential's answer as @simplewebauthn/browser serialises a PublicKeyCredential. */
const asPublicKeyCredential = <Response>(id: Buffer, response: Response) => ({
  id: b64url(id),
  rawId: b64url(id),
  type: 'public-key' as const,
  clientExtensionResults: {},
  authenticatorAttachment: 'platform' as const,
  response,
});

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];
  /** Whether the person passes the PIN or biometric check; false answers with user presence only. */
  verifiesUser = true;

  constructor(private readonly origin: string) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private flags(extra = 0) {
    return FLAG_USER_PRESENT | (this.verifiesUser ? FLAG_USER_VERIFIED : 0) | extra;
  }

  /** navigator.credentials.create(): a new discoverable credential, as @simplewebauthn/browser sends it. */
  register(options: CreationOptions) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential = { id: randomBytes(16), privateKey, userHandle: options.user.id, rpId, counter: 0 };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_ATTESTED_DATA)]),
      uint32(credential.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      coseKeyOf(privateKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return asPublicKeyCredential(credential.id, {
      clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
      attestationObject: b64url(attestationObject),
      transports: ['internal' as const],
    });
  }

  /**
   * navigator.credentials.get(): signs with the credential the options allow (any of this device's for the site
   * when they allow none: a discoverable sign-in), or the one `use` names.
   */
  authenticate(options: RequestOptions, use?: Credential) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials?.map((entry) => entry.id) ?? [];
    const credential =
      use ??
      this.credentials.find(
        (candidate) => candidate.rpId === rpId && (allowed.length === 0 || allowed.includes(b64url(candidate.id))),
      );
    if (!credential) throw new Error('the authenticator holds no credential the options allow');
    credential.counter += 1;
    return this.assertion(credential, options.challenge, rpId);
  }

  /** An assertion with the given signature counter (a cloned authenticator repeats an old one). */
  assertion(credential: Credential, challenge: string, rpId = credential.rpId, counter = credential.counter) {
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags()]), uint32(counter)]);
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return asPublicKeyCredential(credential.id, {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    });
  }
}
