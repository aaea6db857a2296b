import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * A software WebAuthn authenticator for tests: an EC P-256 key, a "none" attestation and
 * assertions built byte by byte (CBOR, authenticator data, client data), with knobs to break each
 * part the relying party must check.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  }
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = [...value.entries()];
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export type Tamper = {
  origin?: string;
  rpId?: string;
  /** Leave the user-verified flag out (a touch without PIN or biometrics). */
  noUserVerification?: boolean;
  /** The signature counter to report instead of the next one. */
  counter?: number;
  /** Sign with another key than the registered one. */
  otherKey?: boolean;
};

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKeyCose: Buffer;
  private readonly otherKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
  private counter = 0;
  /** The user handle the relying party gave at registration (returned with each assertion). */
  userHandle?: string;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    this.publicKeyCose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, tamper: Tamper): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: tamper.origin ?? this.origin, crossOrigin: false }),
    );
  }

  private flags(tamper: Tamper): number {
    return FLAG_UP | (tamper.noUserVerification ? 0 : FLAG_UV);
  }

  /** The browser's answer to registration options (`navigator.credentials.create`). */
  register(options: { challenge: string; user: { id: string } }, tamper: Tamper = {}) {
    this.userHandle = options.user.id;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(tamper.counter ?? this.counter);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(tamper.rpId ?? this.rpId),
      Buffer.from([this.flags(tamper) | FLAG_AT]),
      counter,
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.publicKeyCose,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, tamper)),
        attestationObject: b64url(attestationObject),
        transports: ["internal" as const],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /** The browser's answer to authentication options (`navigator.credentials.get`). */
  assert(options: { challenge: string }, tamper: Tamper = {}) {
    if (tamper.counter === undefined) this.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(tamper.counter ?? this.counter);
    const authenticatorData = Buffer.concat([
      sha256(tamper.rpId ?? this.rpId),
      Buffer.from([this.flags(tamper)]),
      counter,
    ]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, tamper);
    const signature = sign(
      "sha256",
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      tamper.otherKey ? this.otherKey : this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }
}
