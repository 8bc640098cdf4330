import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { CaptchaImage } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { AuthErrors } from './auth-errors.js';
import { insertCaptcha, takeCaptcha } from './auth-repository.js';
import type { RateLimiter } from './rate-limiter.js';

const hashAnswer = (a: string) => createHash('sha256').update(a.trim().toLowerCase()).digest('hex');

/**
 * Image captchas: four characters drawn as SVG paths with noise (no look-alike characters), kept in
 * the database as a hash, bound to a random codeKey, a scene and (scene 2) an account name, valid
 * for a few minutes and usable once, right or wrong.
 */
export class CaptchaService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: { seconds: number; exposeAnswer: boolean },
    /** Image codes asked for per address and minute. */
    private readonly perIp: RateLimiter,
  ) {}

  /**
   * A new image code; an address asking for too many in a minute gets a 429. The address is counted
   * across institutions: one client asking each institution in turn gets no more codes.
   */
  async create(tenantId: number, scene: number, userName: string, ip: string): Promise<CaptchaImage> {
    if (!(await this.perIp.hit(ip))) throw AuthErrors.tooManyRequests();
    const c = svgCaptcha.create({ size: 4, ignoreChars: '0oO1iIlL', noise: 3, color: true, width: 120, height: 40 });
    const codeKey = randomBytes(18).toString('base64url');
    await insertCaptcha(this.db, {
      codeKey,
      tenantId,
      scene,
      userName: userName.trim().toLowerCase(),
      answerHash: hashAnswer(c.text),
      expiresAt: new Date(Date.now() + this.opts.seconds * 1000),
    });
    return {
      verifyCode: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}`,
      codeKey,
      expiresIn: this.opts.seconds,
      ...(this.opts.exposeAnswer ? { answer: c.text } : {}),
    };
  }

  /**
   * Whether `answer` is the code of `codeKey` for this scene (and, in scene 2, this account name).
   * The code is used up either way.
   */
  async check(tenantId: number, codeKey: string, answer: string, scene: number, userName = ''): Promise<boolean> {
    if (!codeKey || !answer) return false;
    const stored = await takeCaptcha(this.db, tenantId, codeKey);
    if (!stored || stored.scene !== scene) return false;
    if (scene !== 1 && stored.userName !== userName.trim().toLowerCase()) return false;
    return stored.answerHash === hashAnswer(answer);
  }
}
