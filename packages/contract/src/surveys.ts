import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id, freeText, yesNo } from './input.js';
import { Page, Rows } from './records.js';
import {
  SURVEY_DESCRIPTION_FORMATS,
  SURVEY_DESCRIPTION_MAX,
  SURVEY_MAX_OPTIONS,
  SURVEY_MAX_QUESTIONS,
  SURVEY_OPTION_MAX,
  SURVEY_PHASES,
  SURVEY_PROMPT_MAX,
  SURVEY_QUESTION_KINDS,
  SURVEY_STATUSES,
  SURVEY_TEXT_MAX,
  SURVEY_TITLE_MAX,
} from './values/surveys.js';
export * from './values/surveys.js';

/**
 * Questionnaires (spec §2 key 10, §3 "Survey: name, period, publish and due date", §5 "Survey answers
 * at most 1000 characters"; issue 28's console content, issue 29's My Library). The real API names
 * them only ("questionnaires"): the calls are designed here. Staff write a survey (ordered questions:
 * single choice, multiple choice with optional limits, text), publish it for a period, close it, and
 * read the results; a logged-in reader answers each survey once.
 */

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const Version = z.number().int().min(0).max(2_147_483_647);
const trimmed = (max: number) => freeText(max).transform((v) => v.trim());
const required = (max: number) => trimmed(max).refine((v) => v.length > 0, { message: 'required' });
const limit = z
  .number()
  .int()
  .min(1)
  .max(SURVEY_MAX_OPTIONS)
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** One question as staff write it. */
export const SurveyQuestionInput = z.object({
  prompt: required(SURVEY_PROMPT_MAX),
  kind: z.enum(SURVEY_QUESTION_KINDS),
  required: yesNo,
  /** Multiple choice: the fewest and most options a reader picks (null: 1 and all). */
  minChoices: limit,
  maxChoices: limit,
  /** The options of a choice question, in order (none for a text question). */
  options: z.array(required(SURVEY_OPTION_MAX)).max(SURVEY_MAX_OPTIONS).default([]),
});
export type SurveyQuestionInput = z.infer<typeof SurveyQuestionInput>;

/**
 * `POST /find/admin/surveys/save`: a new survey (no `id`) or a change of one at the `version` read.
 * Once a survey has answers its questions must be sent unchanged (they are compared).
 */
export const SaveSurveyRequest = z.object({
  id: Id.optional(),
  version: Version.optional(),
  title: required(SURVEY_TITLE_MAX),
  /** Plain text, or rich text of the shared allow-list (cleaned by the server). */
  description: z.string().max(SURVEY_DESCRIPTION_MAX).default(''),
  descriptionFormat: z.enum(SURVEY_DESCRIPTION_FORMATS).default('text'),
  /** Results and exports show no reader's name or account. */
  anonymous: yesNo,
  /** The period: from (null: from publishing) to the due date (null: until closed), inclusive. */
  opensOn: Day.nullable()
    .optional()
    .transform((v) => v ?? null),
  dueOn: Day.nullable()
    .optional()
    .transform((v) => v ?? null),
  questions: z.array(SurveyQuestionInput).max(SURVEY_MAX_QUESTIONS),
});
export type SaveSurveyRequest = z.infer<typeof SaveSurveyRequest>;

export const SurveyOption = z.object({ optionId: z.number().int(), label: z.string() });
export type SurveyOption = z.infer<typeof SurveyOption>;

export const SurveyQuestion = z.object({
  questionId: z.number().int(),
  prompt: z.string(),
  kind: z.enum(SURVEY_QUESTION_KINDS),
  required: z.boolean(),
  minChoices: z.number().int().nullable(),
  maxChoices: z.number().int().nullable(),
  options: z.array(SurveyOption),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestion>;

const SurveyBase = z.object({
  surveyId: z.number().int(),
  title: z.string(),
  description: z.string(),
  descriptionFormat: z.enum(SURVEY_DESCRIPTION_FORMATS),
  anonymous: z.boolean(),
  status: z.enum(SURVEY_STATUSES),
  /** YYYY-MM-DD or null. */
  opensOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  /** ISO 8601: when it was published (the "publish date"); null while a draft. */
  publishedAt: z.string().nullable(),
});

/** A survey as staff see it in the list. */
export const AdminSurveySummary = SurveyBase.omit({ description: true }).extend({
  questionCount: z.number().int(),
  answerCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type AdminSurveySummary = z.infer<typeof AdminSurveySummary>;

export const AdminSurveyPage = z.object({
  totalCount: z.number().int(),
  list: z.array(AdminSurveySummary),
  counts: z.record(z.enum(SURVEY_STATUSES), z.number().int()),
});
export type AdminSurveyPage = z.infer<typeof AdminSurveyPage>;

export const AdminSurveyQuery = z.object({
  status: z
    .union([z.enum(SURVEY_STATUSES), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  page: Page,
  rows: Rows(20, 100),
});

/** A survey with its questions, for the editor. */
export const AdminSurvey = AdminSurveySummary.extend({
  description: z.string(),
  questions: z.array(SurveyQuestion),
});
export type AdminSurvey = z.infer<typeof AdminSurvey>;

export const SurveyIdQuery = z.object({ surveyId: Id });
export const VersionedSurvey = z.object({ surveyId: Id, version: Version });
export type VersionedSurvey = z.infer<typeof VersionedSurvey>;
export const DeleteSurveyRequest = VersionedSurvey.extend({
  /** Needed for a survey that is not a draft: its answers are deleted with it. */
  confirm: yesNo,
});
export type DeleteSurveyRequest = z.infer<typeof DeleteSurveyRequest>;

/** The results of one question. */
export const SurveyQuestionResult = z.object({
  questionId: z.number().int(),
  prompt: z.string(),
  kind: z.enum(SURVEY_QUESTION_KINDS),
  /** Submissions that answered this question. */
  answered: z.number().int(),
  /** Choice questions: each option's count (a reader's several choices each count). */
  options: z.array(SurveyOption.extend({ count: z.number().int() })),
});
export const SurveyResults = z.object({
  surveyId: z.number().int(),
  title: z.string(),
  responses: z.number().int(),
  questions: z.array(SurveyQuestionResult),
});
export type SurveyResults = z.infer<typeof SurveyResults>;

/** `GET /find/admin/surveys/texts`: a page of a text question's answers, newest first. */
export const SurveyTextsQuery = z.object({ surveyId: Id, questionId: Id, page: Page, rows: Rows(20, 100) });
export const SurveyTextAnswers = z.object({
  totalCount: z.number().int(),
  list: z.array(
    z.object({
      text: z.string(),
      submittedAt: z.string(),
      /** The reader's account; '' for an anonymous survey. */
      account: z.string(),
    }),
  ),
});
export type SurveyTextAnswers = z.infer<typeof SurveyTextAnswers>;

/** `GET /find/admin/surveys/export`: every submission, one row each, the answers in question order. */
export const SurveyExport = z.object({
  title: z.string(),
  anonymous: z.boolean(),
  questions: z.array(z.object({ questionId: z.number().int(), prompt: z.string() })),
  rows: z.array(
    z.object({
      responseId: z.number().int(),
      submittedAt: z.string(),
      account: z.string(),
      readerName: z.string(),
      /** Per question: the text, or the chosen options' labels joined with '; '. */
      answers: z.array(z.string()),
    }),
  ),
  capped: z.boolean(),
});
export type SurveyExport = z.infer<typeof SurveyExport>;

// ---- the reader's side ----------------------------------------------------------------------

/** A survey in the reader's list. */
export const ReaderSurveySummary = SurveyBase.omit({ description: true, status: true, anonymous: true }).extend({
  phase: z.enum(SURVEY_PHASES),
  questionCount: z.number().int(),
  /** ISO 8601 when this reader answered it; null when not. */
  answeredAt: z.string().nullable(),
});
export type ReaderSurveySummary = z.infer<typeof ReaderSurveySummary>;

/** `GET /find/survey/list`: the surveys open now, and those the reader answered. */
export const ReaderSurveyList = z.object({
  open: z.array(ReaderSurveySummary),
  answered: z.array(ReaderSurveySummary),
});
export type ReaderSurveyList = z.infer<typeof ReaderSurveyList>;

/** One answer as sent and as kept. */
export const SurveyAnswerInput = z.object({
  questionId: Id,
  optionIds: z.array(Id).max(SURVEY_MAX_OPTIONS).optional().default([]),
  /** At most `SURVEY_TEXT_MAX` characters (checked in code points by the server; the schema lets a little more through). */
  text: freeText(SURVEY_TEXT_MAX * 2)
    .optional()
    .transform((v) => (v ?? '').trim()),
});
export type SurveyAnswerInput = z.infer<typeof SurveyAnswerInput>;

/** `GET /find/survey/detail`: a survey to answer (or answered: the reader's answers, read-only). */
export const ReaderSurvey = SurveyBase.omit({ status: true }).extend({
  phase: z.enum(SURVEY_PHASES),
  questions: z.array(SurveyQuestion),
  answeredAt: z.string().nullable(),
  answers: z.array(z.object({ questionId: z.number().int(), optionIds: z.array(z.number().int()), text: z.string() })),
});
export type ReaderSurvey = z.infer<typeof ReaderSurvey>;

/** `POST /find/survey/submit`: the reader's answers, once. */
export const SubmitSurveyRequest = z.object({
  surveyId: Id,
  answers: z.array(SurveyAnswerInput).max(SURVEY_MAX_QUESTIONS),
});
export type SubmitSurveyRequest = z.infer<typeof SubmitSurveyRequest>;

export const SurveySubmitted = z.object({ surveyId: z.number().int(), answeredAt: z.string() });
export type SurveySubmitted = z.infer<typeof SurveySubmitted>;

/** Questionnaires: the reader's (key 10) and the console's (content → questionnaires). */
export const SurveyCalls = calls('surveys', {
  surveyList: get('/find/survey/list', {
    output: ReaderSurveyList,
    access: 'reader',
    summary: 'The surveys open now and those the reader answered',
  }),
  surveyDetail: get('/find/survey/detail', {
    input: SurveyIdQuery,
    output: ReaderSurvey,
    access: 'reader',
    summary: "A published survey's questions, and the reader's answers when given",
  }),
  surveySubmit: post('/find/survey/submit', {
    input: SubmitSurveyRequest,
    output: SurveySubmitted,
    access: 'reader',
    summary: 'Answer a survey (once per reader, while it is open)',
  }),
  adminSurveys: get('/find/admin/surveys/list', {
    input: AdminSurveyQuery,
    output: AdminSurveyPage,
    access: 'staff',
    summary: 'The surveys of the institution with their state and answer counts',
  }),
  adminSurvey: get('/find/admin/surveys/detail', {
    input: SurveyIdQuery,
    output: AdminSurvey,
    access: 'staff',
    summary: 'One survey with its questions',
  }),
  adminSurveySave: post('/find/admin/surveys/save', {
    input: SaveSurveyRequest,
    output: AdminSurvey,
    access: 'staff',
    summary: 'Create a survey or change one (its questions only while it has no answers)',
  }),
  adminSurveyPublish: post('/find/admin/surveys/publish', {
    input: VersionedSurvey,
    output: AdminSurvey,
    access: 'staff',
    summary: 'Publish a draft survey',
  }),
  adminSurveyClose: post('/find/admin/surveys/close', {
    input: VersionedSurvey,
    output: AdminSurvey,
    access: 'staff',
    summary: 'Close a published survey: no more answers',
  }),
  adminSurveyDelete: post('/find/admin/surveys/delete', {
    input: DeleteSurveyRequest,
    output: z.object({ surveyId: z.number().int(), answersDeleted: z.number().int() }),
    access: 'admin',
    summary: 'Delete a survey (one with answers only with confirm)',
  }),
  adminSurveyResults: get('/find/admin/surveys/results', {
    input: SurveyIdQuery,
    output: SurveyResults,
    access: 'staff',
    summary: "A survey's results: answers per question and per option",
  }),
  adminSurveyTexts: get('/find/admin/surveys/texts', {
    input: SurveyTextsQuery,
    output: SurveyTextAnswers,
    access: 'staff',
    summary: "A page of a text question's answers, newest first",
  }),
  adminSurveyExport: get('/find/admin/surveys/export', {
    input: SurveyIdQuery,
    output: SurveyExport,
    access: 'staff',
    summary: 'Every submission of a survey, one row each, for a CSV file',
  }),
});
