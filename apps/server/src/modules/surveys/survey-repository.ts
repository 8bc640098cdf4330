import { sql, type Kysely } from 'kysely';
import type { SurveyDescriptionFormat, SurveyQuestionKind, SurveyStatus } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

/**
 * Surveys, their questions and options, and the readers' submissions. Every function is scoped by
 * institution (and a reader's by reader): an id of another institution's survey names nothing here.
 */

type Db = Kysely<Database>;

export interface SurveyRow {
  id: number;
  title: string;
  description: string;
  description_format: SurveyDescriptionFormat;
  anonymous: boolean;
  status: SurveyStatus;
  opens_on: string | null;
  due_on: string | null;
  published_at: string | null;
  version: number;
  updated_by: string;
  updated_at: string;
  question_count: number;
  answer_count: number;
}

export interface QuestionRow {
  id: number;
  survey_id: number;
  kind: SurveyQuestionKind;
  prompt: string;
  required: boolean;
  min_choices: number | null;
  max_choices: number | null;
}

export interface OptionRow {
  id: number;
  question_id: number;
  label: string;
}

/** The fields of a survey staff write. */
export interface SurveyFields {
  title: string;
  description: string;
  descriptionFormat: SurveyDescriptionFormat;
  anonymous: boolean;
  opensOn: string | null;
  dueOn: string | null;
  by: string;
}

/** A question to store, with its options' labels in order. */
export interface QuestionFields {
  kind: SurveyQuestionKind;
  prompt: string;
  required: boolean;
  minChoices: number | null;
  maxChoices: number | null;
  options: string[];
}

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const day = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);

/** The SELECT of surveys (`s`) with their counts, the filters after WHERE's tenant. */
function selectSurveys(tenantId: number, where: ReturnType<typeof sql>) {
  return sql`
    SELECT s.id, s.title, s.description, s.description_format, s.anonymous, s.status,
           ${day('s.opens_on')} AS opens_on, ${day('s.due_on')} AS due_on, ${iso('s.published_at')} AS published_at,
           s.version, s.updated_by, ${iso('s.updated_at')} AS updated_at,
           (SELECT count(*)::int FROM survey_question q WHERE q.survey_id = s.id) AS question_count,
           (SELECT count(*)::int FROM survey_response r WHERE r.survey_id = s.id) AS answer_count
    FROM survey s
    WHERE s.tenant_id = ${tenantId} ${where}`;
}

/** A page of the institution's surveys, newest first. */
export function findSurveyPage(
  db: Db,
  tenantId: number,
  f: { status: SurveyStatus | undefined; offset: number; rows: number },
): Promise<{ total: number; rows: SurveyRow[] }> {
  const where = f.status ? sql`AND s.status = ${f.status}` : sql``;
  return findPage<SurveyRow>(db, selectSurveys(tenantId, where), sql`id DESC`, f.offset, f.rows);
}

/** The institution's surveys in each state. */
export async function countSurveysByStatus(db: Db, tenantId: number): Promise<Record<string, number>> {
  const { rows } = await sql<{ status: string; n: number }>`
    SELECT status, count(*)::int AS n FROM survey WHERE tenant_id = ${tenantId} GROUP BY status`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * One survey of the institution, or undefined. `lock`: `update` holds it against every other change
 * for the transaction; `share` lets other submissions through but not a change of its questions.
 */
export async function findSurvey(
  db: Db,
  tenantId: number,
  id: number,
  lock?: 'update' | 'share',
): Promise<SurveyRow | undefined> {
  if (lock) {
    const locked = await sql`SELECT id FROM survey WHERE tenant_id = ${tenantId} AND id = ${id}
      ${lock === 'update' ? sql`FOR UPDATE` : sql`FOR SHARE`}`.execute(db);
    if (!locked.rows.length) return undefined;
  }
  const { rows } = await sql<SurveyRow>`${selectSurveys(tenantId, sql`AND s.id = ${id}`)}`.execute(db);
  return rows[0];
}

/** The questions of the surveys, in order, each with its options in order. */
export async function findQuestions(
  db: Db,
  tenantId: number,
  surveyIds: number[],
): Promise<Map<number, (QuestionRow & { options: OptionRow[] })[]>> {
  const out = new Map<number, (QuestionRow & { options: OptionRow[] })[]>();
  if (!surveyIds.length) return out;
  const { rows: questions } = await sql<QuestionRow>`
    SELECT id, survey_id, kind, prompt, required, min_choices, max_choices FROM survey_question
    WHERE tenant_id = ${tenantId} AND survey_id = ANY(${surveyIds}::int[]) ORDER BY survey_id, seq`.execute(db);
  const { rows: options } = questions.length
    ? await sql<OptionRow>`SELECT id, question_id, label FROM survey_option
        WHERE tenant_id = ${tenantId} AND question_id = ANY(${questions.map((q) => q.id)}::int[])
        ORDER BY question_id, seq`.execute(db)
    : { rows: [] as OptionRow[] };
  const byQuestion = new Map<number, OptionRow[]>();
  for (const o of options) byQuestion.set(o.question_id, [...(byQuestion.get(o.question_id) ?? []), o]);
  for (const q of questions)
    out.set(q.survey_id, [...(out.get(q.survey_id) ?? []), { ...q, options: byQuestion.get(q.id) ?? [] }]);
  return out;
}

/** A new draft survey; its id. */
export async function insertSurvey(db: Db, tenantId: number, f: SurveyFields): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO survey (tenant_id, title, description, description_format, anonymous, opens_on, due_on, updated_by)
    VALUES (${tenantId}, ${f.title}, ${f.description}, ${f.descriptionFormat}, ${f.anonymous},
            ${f.opensOn}::date, ${f.dueOn}::date, ${f.by})
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** Changes a survey read at `version` and raises its version; whether it did. */
export async function updateSurvey(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  f: SurveyFields,
): Promise<boolean> {
  const res = await sql`UPDATE survey SET title = ${f.title}, description = ${f.description},
      description_format = ${f.descriptionFormat}, anonymous = ${f.anonymous}, opens_on = ${f.opensOn}::date,
      due_on = ${f.dueOn}::date, updated_by = ${f.by}, updated_at = now(), version = version + 1
    WHERE tenant_id = ${tenantId} AND id = ${id} AND version = ${version}`.execute(db);
  return Number(res.numAffectedRows ?? 0n) > 0;
}

/** Replaces the questions (and options) of a survey that has no answers. */
export async function replaceQuestions(
  db: Db,
  tenantId: number,
  surveyId: number,
  questions: QuestionFields[],
): Promise<void> {
  await sql`DELETE FROM survey_question WHERE tenant_id = ${tenantId} AND survey_id = ${surveyId}`.execute(db);
  for (const [i, q] of questions.entries()) {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO survey_question (survey_id, tenant_id, seq, kind, prompt, required, min_choices, max_choices)
      VALUES (${surveyId}, ${tenantId}, ${i + 1}, ${q.kind}, ${q.prompt}, ${q.required}, ${q.minChoices}, ${q.maxChoices})
      RETURNING id`.execute(db);
    if (q.options.length)
      await sql`INSERT INTO survey_option (question_id, tenant_id, seq, label)
        SELECT ${rows[0]!.id}, ${tenantId}, o.n, o.label
        FROM unnest(${q.options}::text[]) WITH ORDINALITY AS o(label, n)`.execute(db);
  }
}

/** Moves a survey read at `version` from one of `from` to `to`; whether it did. */
export async function setSurveyStatus(
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  from: SurveyStatus[],
  to: SurveyStatus,
  by: string,
): Promise<boolean> {
  const stamp = to === 'published' ? sql`, published_at = now()` : to === 'closed' ? sql`, closed_at = now()` : sql``;
  const res = await sql`UPDATE survey SET status = ${to}, updated_by = ${by}, updated_at = now(),
      version = version + 1 ${stamp}
    WHERE tenant_id = ${tenantId} AND id = ${id} AND version = ${version} AND status = ANY(${from}::text[])`.execute(
    db,
  );
  return Number(res.numAffectedRows ?? 0n) > 0;
}

/** Deletes a survey read at `version` (its questions and answers go with it); whether it did. */
export async function deleteSurvey(db: Db, tenantId: number, id: number, version: number): Promise<boolean> {
  const res =
    await sql`DELETE FROM survey WHERE tenant_id = ${tenantId} AND id = ${id} AND version = ${version}`.execute(db);
  return Number(res.numAffectedRows ?? 0n) > 0;
}

/**
 * The surveys a reader sees: published ones not draft, either open on `today` (begun, not past due) or
 * answered by the reader (also closed ones), newest first, with when the reader answered.
 */
export async function findReaderSurveys(
  db: Db,
  tenantId: number,
  readerId: number,
  today: string,
): Promise<(SurveyRow & { answered_at: string | null })[]> {
  const { rows } = await sql<SurveyRow & { answered_at: string | null }>`
    SELECT m.*, ${iso('r.submitted_at')} AS answered_at
    FROM (${selectSurveys(tenantId, sql`AND s.status <> 'draft'`)}) m
    LEFT JOIN survey_response r ON r.survey_id = m.id AND r.reader_id = ${readerId} AND r.tenant_id = ${tenantId}
    WHERE r.id IS NOT NULL
       OR (m.status = 'published' AND (m.opens_on IS NULL OR m.opens_on <= ${today})
           AND (m.due_on IS NULL OR m.due_on >= ${today}))
    ORDER BY m.id DESC
    LIMIT 200`.execute(db);
  return rows;
}

/** The reader's submission of a survey, or undefined. */
export async function findResponse(
  db: Db,
  tenantId: number,
  surveyId: number,
  readerId: number,
): Promise<{ id: number; submitted_at: string } | undefined> {
  const { rows } = await sql<{ id: number; submitted_at: string }>`
    SELECT id, ${iso('submitted_at')} AS submitted_at FROM survey_response
    WHERE tenant_id = ${tenantId} AND survey_id = ${surveyId} AND reader_id = ${readerId}`.execute(db);
  return rows[0];
}

/** The answers of a submission. */
export async function findResponseAnswers(
  db: Db,
  tenantId: number,
  responseIds: number[],
): Promise<{ response_id: number; question_id: number; option_id: number | null; text: string | null }[]> {
  if (!responseIds.length) return [];
  const { rows } = await sql<{
    response_id: number;
    question_id: number;
    option_id: number | null;
    text: string | null;
  }>`
    SELECT a.response_id, a.question_id, a.option_id, a.text
    FROM survey_answer a
    LEFT JOIN survey_option o ON o.id = a.option_id
    WHERE a.tenant_id = ${tenantId} AND a.response_id = ANY(${responseIds}::int[])
    ORDER BY a.response_id, a.question_id, o.seq NULLS FIRST`.execute(db);
  return rows;
}

/**
 * Makes the reader's submission of a survey; its id and time, or undefined when the reader has one
 * already (the unique key decides between two at once: one is made).
 */
export async function insertResponse(
  db: Db,
  tenantId: number,
  surveyId: number,
  readerId: number,
): Promise<{ id: number; submitted_at: string } | undefined> {
  const { rows } = await sql<{ id: number; submitted_at: string }>`
    INSERT INTO survey_response (survey_id, tenant_id, reader_id) VALUES (${surveyId}, ${tenantId}, ${readerId})
    ON CONFLICT (survey_id, reader_id) DO NOTHING
    RETURNING id, ${iso('submitted_at')} AS submitted_at`.execute(db);
  return rows[0];
}

/** Stores the answers of a submission. */
export async function insertAnswers(
  db: Db,
  tenantId: number,
  responseId: number,
  answers: { questionId: number; optionId: number | null; text: string | null }[],
): Promise<void> {
  if (!answers.length) return;
  await sql`INSERT INTO survey_answer (response_id, tenant_id, question_id, option_id, text)
    SELECT ${responseId}, ${tenantId}, a.q, a.o, a.t
    FROM unnest(${answers.map((a) => a.questionId)}::int[], ${answers.map((a) => a.optionId)}::int[],
                ${answers.map((a) => a.text)}::text[]) AS a(q, o, t)`.execute(db);
}

/** Per question of a survey: the submissions that answered it, and per option how often it was chosen. */
export async function findTallies(
  db: Db,
  tenantId: number,
  surveyId: number,
): Promise<{ answered: Map<number, number>; chosen: Map<number, number> }> {
  const [answered, chosen] = await Promise.all([
    sql<{ question_id: number; n: number }>`
      SELECT a.question_id, count(DISTINCT a.response_id)::int AS n
      FROM survey_answer a JOIN survey_question q ON q.id = a.question_id
      WHERE a.tenant_id = ${tenantId} AND q.survey_id = ${surveyId}
      GROUP BY a.question_id`.execute(db),
    sql<{ option_id: number; n: number }>`
      SELECT a.option_id, count(*)::int AS n
      FROM survey_answer a JOIN survey_question q ON q.id = a.question_id
      WHERE a.tenant_id = ${tenantId} AND q.survey_id = ${surveyId} AND a.option_id IS NOT NULL
      GROUP BY a.option_id`.execute(db),
  ]);
  return {
    answered: new Map(answered.rows.map((r) => [r.question_id, r.n])),
    chosen: new Map(chosen.rows.map((r) => [r.option_id, r.n])),
  };
}

/** A page of a text question's answers, newest first, with the readers' accounts. */
export function findTextAnswers(
  db: Db,
  tenantId: number,
  f: { surveyId: number; questionId: number; offset: number; rows: number },
): Promise<{ total: number; rows: { id: number; text: string; submitted_at: string; account: string }[] }> {
  const select = sql`
    SELECT a.id, a.text, ${iso('r.submitted_at')} AS submitted_at, rd.account
    FROM survey_answer a
    JOIN survey_response r ON r.id = a.response_id
    JOIN survey_question q ON q.id = a.question_id
    JOIN reader rd ON rd.id = r.reader_id
    WHERE a.tenant_id = ${tenantId} AND a.question_id = ${f.questionId} AND q.survey_id = ${f.surveyId}
      AND a.text IS NOT NULL`;
  return findPage(db, select, sql`id DESC`, f.offset, f.rows);
}

/** The submissions of a survey, oldest first, with their readers, at most `limit`. */
export async function findResponses(
  db: Db,
  tenantId: number,
  surveyId: number,
  limit: number,
): Promise<{ id: number; submitted_at: string; account: string; reader_name: string }[]> {
  const { rows } = await sql<{ id: number; submitted_at: string; account: string; reader_name: string }>`
    SELECT r.id, ${iso('r.submitted_at')} AS submitted_at, rd.account, rd.name AS reader_name
    FROM survey_response r JOIN reader rd ON rd.id = r.reader_id
    WHERE r.tenant_id = ${tenantId} AND r.survey_id = ${surveyId}
    ORDER BY r.id
    LIMIT ${limit}`.execute(db);
  return rows;
}
