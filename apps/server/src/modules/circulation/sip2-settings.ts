import { z } from 'zod';

/**
 * How OpenFind reaches an institution's own circulation system over SIP2: the tenant secret
 * `sip2Connection` (JSON; a secret because it holds the terminal's password). Without it the
 * institution uses OpenFind's own circulation.
 */
export const SIP2_CONNECTION_SECRET = 'sip2Connection';

export const Sip2Settings = z.object({
  host: z.string().trim().min(1).max(255),
  port: z.number().int().min(1).max(65535),
  tls: z.boolean().default(false),
  /** The terminal's login (93 CN / CO). */
  user: z.string().min(1).max(100),
  password: z.string().max(200),
  /** AO. */
  institutionId: z.string().max(100).default(''),
  /** CP. */
  locationCode: z.string().max(100).optional(),
  /** What the system speaks: UTF-8, or GBK / GB18030 (common in Chinese systems). */
  charset: z.enum(['utf-8', 'gbk', 'gb18030']).default('utf-8'),
  /** Logged-in connections kept open. */
  poolSize: z.number().int().min(1).max(10).default(2),
  /** How long one answer may take, in ms. */
  timeoutMs: z.number().int().min(500).max(60_000).default(5000),
});
export type Sip2Settings = z.infer<typeof Sip2Settings>;

/** The settings in a secret's text; a clear error for what is wrong (never echoing the password). */
export function parseSip2Settings(text: string): Sip2Settings {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${SIP2_CONNECTION_SECRET} is not JSON`);
  }
  const parsed = Sip2Settings.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.') || '(the object)').join(', ');
    throw new Error(`${SIP2_CONNECTION_SECRET}: invalid ${fields}`);
  }
  return parsed.data;
}
