/**
 * Questionnaires (spec §2 key 10 "questionnaire", §3 "Survey: name, period, publish and due date",
 * §5 "Survey answers at most 1000 characters"): codes, limits and the rules of a valid answer, plain
 * values free of schemas (surveys.ts re-exports them), so that the reader's form checks what the
 * server checks without bringing zod along.
 */

/** Error codes of the survey calls (in `errCode`). */
export const SurveyErrCode = {
  /** A field is missing or malformed (the message says which). */
  invalid: 42801,
  /** No such survey (of this institution; a draft for readers). */
  noSuchSurvey: 42802,
  /** The survey's period has not begun yet. */
  notYetOpen: 42803,
  /** The survey is closed or past its due date: no more answers. */
  ended: 42804,
  /** The reader has answered this survey already (once per reader). */
  alreadyAnswered: 42805,
  /** A required question has no answer. */
  answerRequired: 42806,
  /** Fewer choices than the question asks for. */
  tooFewChoices: 42807,
  /** More choices than the question allows (a single-choice question: one). */
  tooManyChoices: 42808,
  /** An answer names a question or an option that is not the survey's. */
  notOfSurvey: 42809,
  /** A text answer longer than `SURVEY_TEXT_MAX` characters. */
  textTooLong: 42810,
  /** The survey was changed meanwhile (another tab, another member of staff): reload it. */
  changedMeanwhile: 42811,
  /** The survey has answers: its questions cannot change (its texts, due date and state can). */
  questionsLocked: 42812,
  /** Deleting a survey that is not a draft needs the confirmation that its answers go too. */
  deleteNeedsConfirm: 42813,
  /** A survey needs at least one question to be published. */
  noQuestions: 42814,
  /** The due date is before the start of the period. */
  badDates: 42815,
  /** A choice question needs at least two options, each with a text, none twice. */
  badOptions: 42816,
  /** The choice limits do not fit the options (minimum above maximum, or above the options). */
  badLimits: 42817,
  /** The description, once cleaned, is longer than allowed. */
  descriptionTooLong: 42818,
  /** The survey is not in the state the action applies to (publish a draft, close a published one). */
  wrongState: 42819,
} as const;

/** A survey's state: being written, open to readers (within its period), closed by staff. */
export const SURVEY_STATUSES = ['draft', 'published', 'closed'] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

/** Kinds of question. */
export const SURVEY_QUESTION_KINDS = ['single', 'multiple', 'text'] as const;
export type SurveyQuestionKind = (typeof SURVEY_QUESTION_KINDS)[number];

/** How a survey's description is written: plain text, or the shared rich-text allow-list. */
export const SURVEY_DESCRIPTION_FORMATS = ['text', 'html'] as const;
export type SurveyDescriptionFormat = (typeof SURVEY_DESCRIPTION_FORMATS)[number];

/** Where a published survey stands for a reader today. */
export const SURVEY_PHASES = ['upcoming', 'open', 'ended'] as const;
export type SurveyPhase = (typeof SURVEY_PHASES)[number];

/** Longest text answer, in characters (code points: an emoji is one) — spec §5. */
export const SURVEY_TEXT_MAX = 1000;
export const SURVEY_TITLE_MAX = 200;
export const SURVEY_DESCRIPTION_MAX = 20_000;
export const SURVEY_PROMPT_MAX = 500;
export const SURVEY_OPTION_MAX = 200;
export const SURVEY_MAX_QUESTIONS = 50;
export const SURVEY_MAX_OPTIONS = 30;
/** Most answer rows of one export (one row per reader's submission). */
export const SURVEY_MAX_EXPORT = 10_000;

/** The characters of `s` as a reader counts them (code points, not UTF-16 units). */
export const surveyTextLength = (s: string) => [...s].length;

/** A question as the answer rules need it. */
export interface SurveyRuleQuestion {
  questionId: number;
  kind: SurveyQuestionKind;
  required: boolean;
  minChoices: number | null;
  maxChoices: number | null;
  optionIds: readonly number[];
}

/** One answer as sent. */
export interface SurveyAnswerDraft {
  questionId: number;
  optionIds?: readonly number[];
  text?: string;
}

/** What is wrong with an answer: the code's name and the question's number (1-based), or null. */
export type SurveyAnswerProblem = {
  problem: 'answerRequired' | 'tooFewChoices' | 'tooManyChoices' | 'notOfSurvey' | 'textTooLong';
  n: number;
  limit?: number;
} | null;

/** The choices a question allows at least and at most (when answered). */
export function choiceLimits(q: Pick<SurveyRuleQuestion, 'kind' | 'minChoices' | 'maxChoices' | 'optionIds'>): {
  min: number;
  max: number;
} {
  if (q.kind === 'single') return { min: 1, max: 1 };
  if (q.kind === 'text') return { min: 0, max: 0 };
  return { min: Math.max(1, q.minChoices ?? 1), max: Math.min(q.optionIds.length, q.maxChoices ?? q.optionIds.length) };
}

/**
 * The first problem of a set of answers to a survey's questions (in the questions' order), or null:
 * every answer names a question of the survey once and options of that question; required questions
 * are answered; choices within the question's limits; text answers at most `SURVEY_TEXT_MAX`
 * characters. Used by the reader's form and, the same, by the server.
 */
export function surveyAnswerProblem(
  questions: readonly SurveyRuleQuestion[],
  answers: readonly SurveyAnswerDraft[],
): SurveyAnswerProblem {
  const byId = new Map(questions.map((q, i) => [q.questionId, { q, n: i + 1 }]));
  const seen = new Set<number>();
  for (const a of answers) {
    const known = byId.get(a.questionId);
    if (!known || seen.has(a.questionId)) return { problem: 'notOfSurvey', n: known?.n ?? 0 };
    seen.add(a.questionId);
    const ids = a.optionIds ?? [];
    if (known.q.kind === 'text' ? ids.length > 0 : (a.text ?? '') !== '') return { problem: 'notOfSurvey', n: known.n };
    if (new Set(ids).size !== ids.length || ids.some((id) => !known.q.optionIds.includes(id)))
      return { problem: 'notOfSurvey', n: known.n };
  }
  const given = new Map(answers.map((a) => [a.questionId, a]));
  for (const [i, q] of questions.entries()) {
    const n = i + 1;
    const a = given.get(q.questionId);
    if (q.kind === 'text') {
      const text = (a?.text ?? '').trim();
      if (!text) {
        if (q.required) return { problem: 'answerRequired', n };
        continue;
      }
      if (surveyTextLength(text) > SURVEY_TEXT_MAX) return { problem: 'textTooLong', n, limit: SURVEY_TEXT_MAX };
      continue;
    }
    const count = a?.optionIds?.length ?? 0;
    if (!count) {
      if (q.required) return { problem: 'answerRequired', n };
      continue;
    }
    const { min, max } = choiceLimits(q);
    if (count < min) return { problem: 'tooFewChoices', n, limit: min };
    if (count > max) return { problem: 'tooManyChoices', n, limit: max };
  }
  return null;
}

/** The phase of a published survey on `today` (YYYY-MM-DD) from its period; a closed one has ended. */
export function surveyPhase(
  s: { status: SurveyStatus; opensOn: string | null; dueOn: string | null },
  today: string,
): SurveyPhase {
  if (s.status === 'closed') return 'ended';
  if (s.opensOn && s.opensOn > today) return 'upcoming';
  if (s.dueOn && s.dueOn < today) return 'ended';
  return 'open';
}
