import type { Kysely } from 'kysely';
import {
  SURVEY_DESCRIPTION_MAX,
  SURVEY_MAX_EXPORT,
  SURVEY_STATUSES,
  SurveyErrCode,
  surveyAnswerProblem,
  surveyPhase,
  type AdminSurvey,
  type AdminSurveyPage,
  type AdminSurveySummary,
  type DeleteSurveyRequest,
  type ReaderSurvey,
  type ReaderSurveyList,
  type ReaderSurveySummary,
  type SaveSurveyRequest,
  type SubmitSurveyRequest,
  type SurveyExport,
  type SurveyQuestion,
  type SurveyResults,
  type SurveyStatus,
  type SurveySubmitted,
  type SurveyTextAnswers,
  type VersionedSurvey,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { MessageKey } from '../../http/messages.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { localDay } from '../reminders/zoned-time.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  countSurveysByStatus,
  deleteSurvey,
  findQuestions,
  findReaderSurveys,
  findResponse,
  findResponseAnswers,
  findResponses,
  findSurvey,
  findSurveyPage,
  findTallies,
  findTextAnswers,
  insertAnswers,
  insertResponse,
  insertSurvey,
  replaceQuestions,
  setSurveyStatus,
  updateSurvey,
  type OptionRow,
  type QuestionFields,
  type QuestionRow,
  type SurveyRow,
} from './survey-repository.js';

const E = SurveyErrCode;
const err = (key: MessageKey, code: number, params: Record<string, string | number> = {}) =>
  new AppError(key, code, params);

/** The survey calls' failures (translated messages, the contract's codes). */
export const SurveyErrors = {
  noSuchSurvey: () => err('surveyNoSuch', E.noSuchSurvey),
  notYetOpen: (date: string) => err('surveyNotYetOpen', E.notYetOpen, { date }),
  ended: () => err('surveyEnded', E.ended),
  alreadyAnswered: () => err('surveyAlreadyAnswered', E.alreadyAnswered),
  answerRequired: (n: number) => err('surveyAnswerRequired', E.answerRequired, { n }),
  tooFewChoices: (n: number, limit: number) => err('surveyTooFewChoices', E.tooFewChoices, { n, limit }),
  tooManyChoices: (n: number, limit: number) => err('surveyTooManyChoices', E.tooManyChoices, { n, limit }),
  notOfSurvey: () => err('surveyNotOfSurvey', E.notOfSurvey),
  textTooLong: (n: number, limit: number) => err('surveyTextTooLong', E.textTooLong, { n, limit }),
  changedMeanwhile: () => err('surveyChangedMeanwhile', E.changedMeanwhile),
  questionsLocked: (count: number) => err('surveyQuestionsLocked', E.questionsLocked, { count }),
  deleteNeedsConfirm: (count: number) => err('surveyDeleteNeedsConfirm', E.deleteNeedsConfirm, { count }),
  noQuestions: () => err('surveyNoQuestions', E.noQuestions),
  badDates: () => err('surveyBadDates', E.badDates),
  badOptions: (n: number) => err('surveyBadOptions', E.badOptions, { n }),
  badLimits: (n: number) => err('surveyBadLimits', E.badLimits, { n }),
  descriptionTooLong: () => err('surveyDescriptionTooLong', E.descriptionTooLong, { max: SURVEY_DESCRIPTION_MAX }),
  wrongState: () => err('surveyWrongState', E.wrongState),
};

type Question = QuestionRow & { options: OptionRow[] };

const questionOf = (q: Question): SurveyQuestion => ({
  questionId: q.id,
  prompt: q.prompt,
  kind: q.kind,
  required: q.required,
  minChoices: q.min_choices,
  maxChoices: q.max_choices,
  options: q.options.map((o) => ({ optionId: o.id, label: o.label })),
});

const summaryOf = (r: SurveyRow): AdminSurveySummary => ({
  surveyId: r.id,
  title: r.title,
  descriptionFormat: r.description_format,
  anonymous: r.anonymous,
  status: r.status,
  opensOn: r.opens_on,
  dueOn: r.due_on,
  publishedAt: r.published_at,
  questionCount: r.question_count,
  answerCount: r.answer_count,
  version: r.version,
  updatedAt: r.updated_at,
  updatedBy: r.updated_by,
});

/** The questions as stored, in the form a save sends them (to compare a locked survey's). */
const shapeOf = (qs: QuestionFields[]) =>
  JSON.stringify(qs.map((q) => [q.kind, q.prompt, q.required, q.minChoices, q.maxChoices, q.options]));

/** What an audit row keeps of a survey. */
const auditOf = (r: SurveyRow) => ({
  title: r.title,
  status: r.status,
  opensOn: r.opens_on,
  dueOn: r.due_on,
  anonymous: r.anonymous,
  questions: r.question_count,
  version: r.version,
});

/**
 * Questionnaires: the console's surveys (written, published for a period, closed, deleted; every
 * change guarded by the version it was read at and audited in its transaction) and the readers'
 * answers (once per reader, while the survey is open, every answer checked against the survey's own
 * questions and options). Any logged-in reader may answer, a frozen account too: answering a survey
 * is harmless.
 */
export class SurveyService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff: StaffService; timeZone: string; now?: () => Date },
  ) {}

  /** The library's day today (the period's dates are the library's days). */
  private today(): string {
    return localDay(this.deps.now?.() ?? new Date(), this.deps.timeZone);
  }

  // ---- staff ------------------------------------------------------------------------------------

  async list(tenantId: number, q: { status?: SurveyStatus; page: number; rows: number }): Promise<AdminSurveyPage> {
    const [{ total, rows }, counted] = await Promise.all([
      findSurveyPage(this.db, tenantId, { status: q.status, offset: (q.page - 1) * q.rows, rows: q.rows }),
      countSurveysByStatus(this.db, tenantId),
    ]);
    const counts = Object.fromEntries(SURVEY_STATUSES.map((s) => [s, counted[s] ?? 0])) as Record<SurveyStatus, number>;
    return { totalCount: total, list: rows.map(summaryOf), counts };
  }

  async detail(tenantId: number, surveyId: number, db: Kysely<Database> = this.db): Promise<AdminSurvey> {
    const row = await findSurvey(db, tenantId, surveyId);
    if (!row) throw SurveyErrors.noSuchSurvey();
    const questions = (await findQuestions(db, tenantId, [surveyId])).get(surveyId) ?? [];
    return { ...summaryOf(row), description: row.description, questions: questions.map(questionOf) };
  }

  /** The questions of a save, checked: options of choice questions, limits that fit them. */
  private checkedQuestions(input: SaveSurveyRequest): QuestionFields[] {
    return input.questions.map((q, i) => {
      const n = i + 1;
      if (q.kind === 'text')
        return {
          kind: q.kind,
          prompt: q.prompt,
          required: q.required,
          minChoices: null,
          maxChoices: null,
          options: [],
        };
      if (q.options.length < 2 || new Set(q.options).size !== q.options.length) throw SurveyErrors.badOptions(n);
      if (q.kind === 'single')
        return {
          kind: q.kind,
          prompt: q.prompt,
          required: q.required,
          minChoices: null,
          maxChoices: null,
          options: q.options,
        };
      const { minChoices: min, maxChoices: max } = q;
      if ((min ?? 1) > (max ?? q.options.length) || (max ?? 0) > q.options.length || (min ?? 0) > q.options.length)
        throw SurveyErrors.badLimits(n);
      return {
        kind: q.kind,
        prompt: q.prompt,
        required: q.required,
        minChoices: min,
        maxChoices: max,
        options: q.options,
      };
    });
  }

  /**
   * Creates a draft survey or changes one at the version read. A survey with answers keeps its
   * questions: the save must send them unchanged (its texts, anonymity and period may change —
   * extending the due date, say), else `questionsLocked`. The description's rich text is cleaned.
   */
  async save(actor: StaffActor, input: SaveSurveyRequest, ip: string): Promise<AdminSurvey> {
    const { tenantId } = actor;
    if (input.opensOn && input.dueOn && input.opensOn > input.dueOn) throw SurveyErrors.badDates();
    const questions = this.checkedQuestions(input);
    const description =
      input.descriptionFormat === 'html'
        ? (await sanitizeRichText(input.description)).trim()
        : input.description.trim();
    if (description.length > SURVEY_DESCRIPTION_MAX) throw SurveyErrors.descriptionTooLong();
    const fields = {
      title: input.title,
      description,
      descriptionFormat: input.descriptionFormat,
      anonymous: input.anonymous,
      opensOn: input.opensOn,
      dueOn: input.dueOn,
      by: actor.username,
    };
    return inTransaction(this.db, async (trx) => {
      let id = input.id;
      let before: SurveyRow | undefined;
      if (id === undefined) {
        id = await insertSurvey(trx, tenantId, fields);
        await replaceQuestions(trx, tenantId, id, questions);
      } else {
        // Locked first: a reader's submission meanwhile waits, then sees the new questions (or none change).
        before = await findSurvey(trx, tenantId, id, 'update');
        if (!before) throw SurveyErrors.noSuchSurvey();
        if (before.version !== input.version) throw SurveyErrors.changedMeanwhile();
        if (before.answer_count > 0) {
          const stored = (await findQuestions(trx, tenantId, [id])).get(id) ?? [];
          const storedShape = shapeOf(
            stored.map((q) => ({
              kind: q.kind,
              prompt: q.prompt,
              required: q.required,
              minChoices: q.min_choices,
              maxChoices: q.max_choices,
              options: q.options.map((o) => o.label),
            })),
          );
          if (storedShape !== shapeOf(questions)) throw SurveyErrors.questionsLocked(before.answer_count);
        } else {
          if (before.status !== 'draft' && !questions.length) throw SurveyErrors.noQuestions();
          await replaceQuestions(trx, tenantId, id, questions);
        }
        if (!(await updateSurvey(trx, tenantId, id, before.version, fields))) throw SurveyErrors.changedMeanwhile();
      }
      const after = await this.detail(tenantId, id, trx);
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: before ? 'survey.update' : 'survey.create',
          target: `survey ${id}`,
          before: before ? auditOf(before) : undefined,
          after: {
            title: after.title,
            status: after.status,
            opensOn: after.opensOn,
            dueOn: after.dueOn,
            anonymous: after.anonymous,
            questions: after.questions.length,
            version: after.version,
          },
          ip,
        },
        trx,
      );
      return after;
    });
  }

  /** Publishes a draft (with a question at least) or closes a published survey, at the version read. */
  async setStatus(
    actor: StaffActor,
    input: VersionedSurvey,
    to: 'published' | 'closed',
    ip: string,
  ): Promise<AdminSurvey> {
    const { tenantId } = actor;
    const from: SurveyStatus[] = to === 'published' ? ['draft'] : ['published'];
    return inTransaction(this.db, async (trx) => {
      const before = await findSurvey(trx, tenantId, input.surveyId, 'update');
      if (!before) throw SurveyErrors.noSuchSurvey();
      if (before.version !== input.version) throw SurveyErrors.changedMeanwhile();
      if (!from.includes(before.status)) throw SurveyErrors.wrongState();
      if (to === 'published' && !before.question_count) throw SurveyErrors.noQuestions();
      if (!(await setSurveyStatus(trx, tenantId, input.surveyId, input.version, from, to, actor.username)))
        throw SurveyErrors.changedMeanwhile();
      const after = await this.detail(tenantId, input.surveyId, trx);
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: to === 'published' ? 'survey.publish' : 'survey.close',
          target: `survey ${input.surveyId}`,
          before: auditOf(before),
          after: { status: after.status, publishedAt: after.publishedAt, version: after.version },
          ip,
        },
        trx,
      );
      return after;
    });
  }

  /** Deletes a survey: a draft freely, one published or closed only with `confirm` (its answers go too). */
  async delete(
    actor: StaffActor,
    input: DeleteSurveyRequest,
    ip: string,
  ): Promise<{ surveyId: number; answersDeleted: number }> {
    const { tenantId } = actor;
    return inTransaction(this.db, async (trx) => {
      const before = await findSurvey(trx, tenantId, input.surveyId, 'update');
      if (!before) throw SurveyErrors.noSuchSurvey();
      if (before.version !== input.version) throw SurveyErrors.changedMeanwhile();
      if (before.status !== 'draft' && !input.confirm) throw SurveyErrors.deleteNeedsConfirm(before.answer_count);
      if (!(await deleteSurvey(trx, tenantId, input.surveyId, input.version))) throw SurveyErrors.changedMeanwhile();
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'survey.delete',
          target: `survey ${input.surveyId}`,
          before: { ...auditOf(before), answers: before.answer_count },
          after: null,
          ip,
        },
        trx,
      );
      return { surveyId: input.surveyId, answersDeleted: before.answer_count };
    });
  }

  /** Per question: how many answered it, and per option how often it was chosen. */
  async results(tenantId: number, surveyId: number): Promise<SurveyResults> {
    const row = await findSurvey(this.db, tenantId, surveyId);
    if (!row) throw SurveyErrors.noSuchSurvey();
    const [questions, tallies] = await Promise.all([
      findQuestions(this.db, tenantId, [surveyId]),
      findTallies(this.db, tenantId, surveyId),
    ]);
    return {
      surveyId,
      title: row.title,
      responses: row.answer_count,
      questions: (questions.get(surveyId) ?? []).map((q) => ({
        questionId: q.id,
        prompt: q.prompt,
        kind: q.kind,
        answered: tallies.answered.get(q.id) ?? 0,
        options: q.options.map((o) => ({ optionId: o.id, label: o.label, count: tallies.chosen.get(o.id) ?? 0 })),
      })),
    };
  }

  /** A page of a text question's answers, newest first (no account when the survey is anonymous). */
  async texts(
    tenantId: number,
    q: { surveyId: number; questionId: number; page: number; rows: number },
  ): Promise<SurveyTextAnswers> {
    const row = await findSurvey(this.db, tenantId, q.surveyId);
    if (!row) throw SurveyErrors.noSuchSurvey();
    const { total, rows } = await findTextAnswers(this.db, tenantId, {
      surveyId: q.surveyId,
      questionId: q.questionId,
      offset: (q.page - 1) * q.rows,
      rows: q.rows,
    });
    return {
      totalCount: total,
      list: rows.map((r) => ({ text: r.text, submittedAt: r.submitted_at, account: row.anonymous ? '' : r.account })),
    };
  }

  /** Every submission, one row each, the answers in question order (no reader when anonymous). */
  async exportRows(tenantId: number, surveyId: number): Promise<SurveyExport> {
    const row = await findSurvey(this.db, tenantId, surveyId);
    if (!row) throw SurveyErrors.noSuchSurvey();
    const questions = (await findQuestions(this.db, tenantId, [surveyId])).get(surveyId) ?? [];
    const responses = await findResponses(this.db, tenantId, surveyId, SURVEY_MAX_EXPORT + 1);
    const kept = responses.slice(0, SURVEY_MAX_EXPORT);
    const labels = new Map(questions.flatMap((q) => q.options.map((o) => [o.id, o.label] as const)));
    const answers = await findResponseAnswers(
      this.db,
      tenantId,
      kept.map((r) => r.id),
    );
    const byResponse = new Map<number, Map<number, string[]>>();
    for (const a of answers) {
      const of = byResponse.get(a.response_id) ?? new Map<number, string[]>();
      byResponse.set(a.response_id, of);
      of.set(a.question_id, [...(of.get(a.question_id) ?? []), a.text ?? labels.get(a.option_id ?? 0) ?? '']);
    }
    return {
      title: row.title,
      anonymous: row.anonymous,
      questions: questions.map((q) => ({ questionId: q.id, prompt: q.prompt })),
      rows: kept.map((r) => ({
        responseId: r.id,
        submittedAt: r.submitted_at,
        account: row.anonymous ? '' : r.account,
        readerName: row.anonymous ? '' : r.reader_name,
        answers: questions.map((q) => (byResponse.get(r.id)?.get(q.id) ?? []).join('; ')),
      })),
      capped: responses.length > SURVEY_MAX_EXPORT,
    };
  }

  // ---- readers ----------------------------------------------------------------------------------

  /** The surveys open now, and those the reader answered (with when). */
  async readerList(tenantId: number, readerId: number): Promise<ReaderSurveyList> {
    const today = this.today();
    const rows = await findReaderSurveys(this.db, tenantId, readerId, today);
    const summary = (r: (typeof rows)[number]): ReaderSurveySummary => ({
      surveyId: r.id,
      title: r.title,
      descriptionFormat: r.description_format,
      opensOn: r.opens_on,
      dueOn: r.due_on,
      publishedAt: r.published_at,
      phase: surveyPhase({ status: r.status, opensOn: r.opens_on, dueOn: r.due_on }, today),
      questionCount: r.question_count,
      answeredAt: r.answered_at,
    });
    return {
      open: rows.filter((r) => !r.answered_at).map(summary),
      answered: rows.filter((r) => r.answered_at).map(summary),
    };
  }

  /** A published (or closed) survey with its questions, and the reader's answers when given. */
  async readerDetail(tenantId: number, readerId: number, surveyId: number): Promise<ReaderSurvey> {
    const row = await findSurvey(this.db, tenantId, surveyId);
    if (!row || row.status === 'draft') throw SurveyErrors.noSuchSurvey();
    const [questions, response] = await Promise.all([
      findQuestions(this.db, tenantId, [surveyId]),
      findResponse(this.db, tenantId, surveyId, readerId),
    ]);
    const answers = response ? await findResponseAnswers(this.db, tenantId, [response.id]) : [];
    const byQuestion = new Map<number, { questionId: number; optionIds: number[]; text: string }>();
    for (const a of answers) {
      const one = byQuestion.get(a.question_id) ?? { questionId: a.question_id, optionIds: [], text: '' };
      byQuestion.set(a.question_id, one);
      if (a.option_id !== null) one.optionIds.push(a.option_id);
      if (a.text !== null) one.text = a.text;
    }
    return {
      surveyId: row.id,
      title: row.title,
      description: row.description,
      descriptionFormat: row.description_format,
      anonymous: row.anonymous,
      opensOn: row.opens_on,
      dueOn: row.due_on,
      publishedAt: row.published_at,
      phase: surveyPhase({ status: row.status, opensOn: row.opens_on, dueOn: row.due_on }, this.today()),
      questions: (questions.get(surveyId) ?? []).map(questionOf),
      answeredAt: response?.submitted_at ?? null,
      answers: [...byQuestion.values()],
    };
  }

  /**
   * The reader's answers, once: the survey must be published and in its period; every answer names a
   * question of it and options of that question; the rules of each question hold. The survey is
   * read under a share lock (its questions cannot change meanwhile) and the submission made under
   * the unique key of (survey, reader): of two at once, one is made, the other `alreadyAnswered`.
   */
  async submit(tenantId: number, readerId: number, input: SubmitSurveyRequest): Promise<SurveySubmitted> {
    return inTransaction(this.db, async (trx) => {
      const row = await findSurvey(trx, tenantId, input.surveyId, 'share');
      if (!row || row.status === 'draft') throw SurveyErrors.noSuchSurvey();
      const phase = surveyPhase({ status: row.status, opensOn: row.opens_on, dueOn: row.due_on }, this.today());
      if (phase === 'upcoming') throw SurveyErrors.notYetOpen(row.opens_on ?? '');
      if (phase === 'ended') throw SurveyErrors.ended();
      if (await findResponse(trx, tenantId, input.surveyId, readerId)) throw SurveyErrors.alreadyAnswered();
      const questions = (await findQuestions(trx, tenantId, [input.surveyId])).get(input.surveyId) ?? [];
      const problem = surveyAnswerProblem(
        questions.map((q) => ({
          questionId: q.id,
          kind: q.kind,
          required: q.required,
          minChoices: q.min_choices,
          maxChoices: q.max_choices,
          optionIds: q.options.map((o) => o.id),
        })),
        input.answers,
      );
      if (problem) {
        const { n, limit = 0 } = problem;
        switch (problem.problem) {
          case 'answerRequired':
            throw SurveyErrors.answerRequired(n);
          case 'tooFewChoices':
            throw SurveyErrors.tooFewChoices(n, limit);
          case 'tooManyChoices':
            throw SurveyErrors.tooManyChoices(n, limit);
          case 'textTooLong':
            throw SurveyErrors.textTooLong(n, limit);
          default:
            throw SurveyErrors.notOfSurvey();
        }
      }
      const made = await insertResponse(trx, tenantId, input.surveyId, readerId);
      if (!made) throw SurveyErrors.alreadyAnswered();
      const kinds = new Map(questions.map((q) => [q.id, q.kind]));
      await insertAnswers(
        trx,
        tenantId,
        made.id,
        input.answers.flatMap((a): { questionId: number; optionId: number | null; text: string | null }[] =>
          kinds.get(a.questionId) === 'text'
            ? a.text
              ? [{ questionId: a.questionId, optionId: null, text: a.text }]
              : []
            : a.optionIds.map((o) => ({ questionId: a.questionId, optionId: o, text: null })),
        ),
      );
      return { surveyId: input.surveyId, answeredAt: made.submitted_at };
    });
  }
}
