import type { Kysely } from 'kysely';
import {
  DEFAULT_POINTS,
  MAX_POINTS_CHANGE,
  POINTS_PLATFORMS,
  POINTS_RULES,
  type Lang,
  type PointsPage,
  type PointsPlatform,
  type PointsRule,
  type PointsRuleInfo,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPointsBalance, findPointsEntries, findRuleSettings, insertPointsEntry } from './points-repository.js';
import { RULE_TEXTS } from './points-rules.js';

/** An event that may earn (or cost) a reader points. */
export interface PointsAward {
  tenantId: number;
  readerId: number;
  rule: PointsRule;
  /**
   * What the event is, unique within the rule for the reader: the loan id of a return, the comment
   * id of an approved comment, 'phone' or 'mail' for a binding, '' for the first login. The same
   * rule and reference are counted once, however often they are awarded.
   */
  ref: string | number;
  /** Where it happened (default 'system'). */
  platform?: PointsPlatform;
  /** What it was for, shown beside the rule's name (a title…). */
  note?: string;
  /** The amount of an `adjustment` (required there, ±1…10000); other rules count the institution's points. */
  points?: number;
}

export interface AwardResult {
  /** Whether an entry was written now (false: counted before, the rule is off, or it is worth nothing). */
  awarded: boolean;
  /** Points the entry moved (0 when none was written). */
  points: number;
  entryId: number | null;
}

/** A rule as it stands at an institution: its points, and whether it is on. */
interface RuleSetting {
  rule: PointsRule;
  points: number;
  enabled: boolean;
}

const isRule = (v: string): v is PointsRule => (POINTS_RULES as readonly string[]).includes(v);

/** The institution's rules: the built-in points (DEFAULT_POINTS) unless its `points_rule` rows say otherwise. */
export async function pointsRuleSettings(db: Kysely<Database>, tenantId: number): Promise<RuleSetting[]> {
  const own = new Map((await findRuleSettings(db, tenantId)).map((r) => [r.rule_code, r]));
  return POINTS_RULES.map((rule) => {
    const row = own.get(rule);
    return { rule, points: row?.points ?? DEFAULT_POINTS[rule], enabled: row?.enabled ?? true };
  });
}

/**
 * Counts an event in a reader's points, once: a second award of the same rule and reference writes
 * nothing (a unique index, so two at once count once too). Nothing either when the institution
 * turned the rule off or it is worth 0 points. Takes the database or the caller's transaction (the
 * entry is then part of it). Throws only on a programming error (an unknown rule or platform, an
 * adjustment without an amount).
 *
 * ```ts
 * await awardPoints(trx, { tenantId, readerId, rule: onTime ? 'returnOnTime' : 'returnOverdue',
 *                          ref: loanId, platform: 'desk', note: title });
 * ```
 */
export async function awardPoints(db: Kysely<Database>, award: PointsAward): Promise<AwardResult> {
  const { tenantId, readerId, rule } = award;
  const platform = award.platform ?? 'system';
  if (!isRule(rule)) throw new Error(`awardPoints: unknown rule "${String(rule)}"`);
  if (!(POINTS_PLATFORMS as readonly string[]).includes(platform)) {
    throw new Error(`awardPoints: unknown platform "${platform}"`);
  }
  const ref = String(award.ref).slice(0, 200);
  let points: number;
  if (rule === 'adjustment') {
    const p = award.points;
    if (p === undefined || !Number.isInteger(p) || p === 0 || Math.abs(p) > MAX_POINTS_CHANGE) {
      throw new Error('awardPoints: an adjustment needs a whole, non-zero amount within ±10000');
    }
    points = p;
  } else {
    const setting = (await pointsRuleSettings(db, tenantId)).find((s) => s.rule === rule)!;
    if (!setting.enabled || setting.points === 0) return { awarded: false, points: 0, entryId: null };
    points = setting.points;
  }
  const entryId = await insertPointsEntry(db, {
    tenantId,
    readerId,
    rule,
    ref,
    points,
    platform,
    note: (award.note ?? '').slice(0, 200),
  });
  return entryId === null ? { awarded: false, points: 0, entryId: null } : { awarded: true, points, entryId };
}

/** A reader's points balance (My Library's summary). */
export function pointsBalance(db: Kysely<Database>, tenantId: number, readerId: number): Promise<number> {
  return findPointsBalance(db, tenantId, readerId);
}

/** The reader's side of points: the ledger and balance, and the rules in force. */
export class PointsService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(tenantId: number, readerId: number, page: number, rows: number, lang: Lang): Promise<PointsPage> {
    const [balance, found] = await Promise.all([
      findPointsBalance(this.db, tenantId, readerId),
      findPointsEntries(this.db, tenantId, readerId, (page - 1) * rows, rows),
    ]);
    return {
      balance,
      totalCount: found.total,
      list: found.rows.map((r) => {
        const rule: PointsRule = isRule(r.rule_code) ? r.rule_code : 'adjustment';
        return {
          entryId: Number(r.id),
          rule,
          name: RULE_TEXTS[rule].name[lang],
          note: r.note,
          change: r.points,
          balance: r.balance,
          platform: r.platform,
          createdAt: new Date(r.created_at).toISOString(),
        };
      }),
    };
  }

  /** How points are earned and lost here: the rules that are on and worth something (not adjustments). */
  async rules(tenantId: number, lang: Lang): Promise<PointsRuleInfo[]> {
    return (await pointsRuleSettings(this.db, tenantId))
      .filter((s) => s.enabled && s.points !== 0 && s.rule !== 'adjustment')
      .map((s) => ({
        rule: s.rule,
        name: RULE_TEXTS[s.rule].name[lang],
        description: RULE_TEXTS[s.rule].description[lang],
        points: s.points,
      }));
  }

  balance(tenantId: number, readerId: number): Promise<number> {
    return findPointsBalance(this.db, tenantId, readerId);
  }

  award(award: PointsAward): Promise<AwardResult> {
    return awardPoints(this.db, award);
  }
}
