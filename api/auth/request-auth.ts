import type { ApiKeyKind } from '../db/generated/prisma/client.ts';
import { forbidden, unauthenticated } from '../errors.ts';
import { isOriginAllowed, SELF_ORIGIN } from '../http/origins.ts';
import type { KeyHolder } from './keys.ts';
import type { VerifiedKeys } from './verified-keys.ts';

const KIND_NAMES: Record<ApiKeyKind, string> = { admin: 'an admin key', assistant: 'an assistant key' };

/**
 * The caller of one request, resolved lazily from its `Authorization` header. The same rules apply to
 * GraphQL, REST and SSE because all three build their context with this.
 *
 * Order of checks, everywhere: no or bad key (401), wrong kind of key (403), unknown resource (404),
 * another project's resource (403).
 */
export class RequestAuth {
  #holder: Promise<KeyHolder> | undefined;

  constructor(
    private readonly keys: VerifiedKeys,
    private readonly authorization: string | null,
    /** The request's Origin, and the host it was sent to: a key limited to some origins works only from them. */
    private readonly from: { origin: string | null; host: string | null } = { origin: null, host: null },
  ) {}

  /** The verified key holder; 401 when the key is missing, malformed, unknown or revoked. */
  holder(): Promise<KeyHolder> {
    this.#holder ??= this.resolve();
    return this.#holder;
  }

  /** 401 or 403 unless the caller holds a key of this kind. */
  async requireKind(kind: ApiKeyKind): Promise<KeyHolder> {
    const holder = await this.holder();
    if (holder.kind !== kind) {
      throw forbidden(`This endpoint needs ${KIND_NAMES[kind]}; the request used ${KIND_NAMES[holder.kind]}.`);
    }
    return holder;
  }

  /** 403 unless the caller's key belongs to this project (call after the project was found). */
  async requireProject(projectId: string): Promise<void> {
    const holder = await this.holder();
    if (holder.projectId !== projectId) throw forbidden('This API key belongs to another project.');
  }

  /** Whether the key is still valid now (not revoked since the request began); for long-lived streams. */
  async isStillValid(): Promise<boolean> {
    const holder = await this.holder().catch(() => undefined);
    const presented = this.presentedKey();
    if (!holder || !presented) return false;
    return (await this.keys.verifyNow(presented))?.keyId === holder.keyId;
  }

  private presentedKey(): string | undefined {
    return this.authorization ? /^Bearer\s+(\S+)\s*$/i.exec(this.authorization)?.[1] : undefined;
  }

  private async resolve(): Promise<KeyHolder> {
    if (!this.authorization) {
      throw unauthenticated('Missing API key: send the header "Authorization: Bearer <key>".');
    }
    const presented = this.presentedKey();
    if (!presented) {
      throw unauthenticated('Malformed Authorization header: expected "Bearer <key>".');
    }
    const holder = await this.keys.verify(presented);
    if (!holder) throw unauthenticated('Invalid API key: it is unknown or has been revoked.');
    if (!isOriginAllowed(holder.allowedOrigins, this.from.origin, this.from.host)) {
      const allowed = holder.allowedOrigins.map((origin) => (origin === SELF_ORIGIN ? "this server's own pages" : origin)).join(', ');
      throw forbidden(`This key may be used only from ${allowed}; this request comes from ${this.from.origin ?? 'no browser page (no Origin header)'}.`);
    }
    return holder;
  }
}
