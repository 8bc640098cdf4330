import { createHmac, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { serverSecret } from '../auth/auth-repository.js';

const ALG = 'HS512';
/** The JWT type and audience of a staff token: a reader's token has neither (typ `JWT`, no audience). */
const TYP = 'staff+jwt';
const AUDIENCE = 'openfind-staff';

/** What a staff token says: the account, the institution it logged in at, the session's id and expiry. */
export interface StaffClaims {
  staffId: number;
  /** The institution of the login (the session row's), not necessarily the account's (operators). */
  tenantId: number;
  jti: string;
  /** Seconds since the epoch. */
  exp: number;
}

/**
 * Staff session tokens: HS512 JWTs signed as readers' sessions are (auth/sessions.ts), but with a key
 * of their own, their own type and audience. A reader's token therefore never verifies as a staff
 * token, nor a staff token as a reader's, whatever header it is sent in. The key: derived from
 * SESSION_SECRET when it is set (HMAC with a label, so the two keys differ), else a random one
 * generated once and kept in the database (`server_secret` 'staff-session').
 */
export class StaffTokens {
  private key: Promise<Uint8Array> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly secret: string | undefined,
  ) {}

  private signingKey(): Promise<Uint8Array> {
    this.key ??= (async () => {
      if (this.secret) return createHmac('sha512', this.secret).update('openfind staff sessions').digest();
      const stored = await serverSecret(this.db, 'staff-session', () => randomBytes(64).toString('base64url'));
      return new TextEncoder().encode(stored);
    })();
    return this.key;
  }

  async sign(c: StaffClaims): Promise<string> {
    return new SignJWT({ tid: c.tenantId })
      .setProtectedHeader({ alg: ALG, typ: TYP })
      .setSubject(String(c.staffId))
      .setAudience(AUDIENCE)
      .setJti(c.jti)
      .setIssuedAt()
      .setExpirationTime(c.exp)
      .sign(await this.signingKey());
  }

  /** The claims of a staff token, or why it is not one: 'expired' (a staff token past its time) or 'invalid'. */
  async read(token: string): Promise<StaffClaims | 'expired' | 'invalid'> {
    if (token.length > 4000) return 'invalid';
    let payload;
    try {
      ({ payload } = await jwtVerify(token, await this.signingKey(), {
        algorithms: [ALG],
        typ: TYP,
        audience: AUDIENCE,
      }));
    } catch (err) {
      return err instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
    const staffId = Number(payload.sub);
    const tenantId = payload.tid;
    if (
      !Number.isSafeInteger(staffId) ||
      typeof tenantId !== 'number' ||
      !Number.isSafeInteger(tenantId) ||
      typeof payload.jti !== 'string' ||
      typeof payload.exp !== 'number'
    )
      return 'invalid';
    return { staffId, tenantId, jti: payload.jti, exp: payload.exp };
  }
}
