import {
  SURVEY_TEXT_MAX,
  choiceLimits,
  surveyAnswerProblem,
  surveyTextLength,
  type SurveyAnswerProblem,
  type SurveyQuestion,
} from '@openfind/contract';

/**
 * The reader's answer form as plain data: what each question holds while being answered, the
 * answers it sends, and the first problem (the same rules as the server's, `surveyAnswerProblem`).
 */

/** Per question id: the chosen options (in the question's order) and the text. */
export type AnswerState = Record<number, { optionIds: number[]; text: string }>;

const ruleOf = (q: SurveyQuestion) => ({
  questionId: q.questionId,
  kind: q.kind,
  required: q.required,
  minChoices: q.minChoices,
  maxChoices: q.maxChoices,
  optionIds: q.options.map((o) => o.optionId),
});

/** The state after choosing (or un-choosing) an option: one for a single-choice question. */
export function choose(state: AnswerState, q: SurveyQuestion, optionId: number, on: boolean): AnswerState {
  const now = state[q.questionId] ?? { optionIds: [], text: '' };
  let optionIds: number[];
  if (q.kind === 'single') optionIds = on ? [optionId] : [];
  else {
    const chosen = new Set(now.optionIds);
    if (on) chosen.add(optionId);
    else chosen.delete(optionId);
    optionIds = q.options.map((o) => o.optionId).filter((id) => chosen.has(id));
  }
  return { ...state, [q.questionId]: { ...now, optionIds } };
}

export function write(state: AnswerState, q: SurveyQuestion, text: string): AnswerState {
  const now = state[q.questionId] ?? { optionIds: [], text: '' };
  return { ...state, [q.questionId]: { ...now, text } };
}

/** The answers to send: the questions answered, in order. */
export function answersOf(questions: readonly SurveyQuestion[], state: AnswerState) {
  return questions.flatMap((q) => {
    const a = state[q.questionId];
    if (!a) return [];
    if (q.kind === 'text') {
      const text = a.text.trim();
      return text ? [{ questionId: q.questionId, optionIds: [], text }] : [];
    }
    return a.optionIds.length ? [{ questionId: q.questionId, optionIds: a.optionIds, text: '' }] : [];
  });
}

/** The first problem of the form, or null. */
export function formProblem(questions: readonly SurveyQuestion[], state: AnswerState): SurveyAnswerProblem {
  return surveyAnswerProblem(questions.map(ruleOf), answersOf(questions, state));
}

/** The hint of a choice question: how many to pick. */
export function choiceHint(q: SurveyQuestion): {
  key: 'chooseOne' | 'chooseExactly' | 'chooseRange';
  min: number;
  max: number;
} {
  if (q.kind === 'single') return { key: 'chooseOne', min: 1, max: 1 };
  const { min, max } = choiceLimits(ruleOf(q));
  return { key: min === max ? 'chooseExactly' : 'chooseRange', min, max };
}

/** The text counter: characters typed (as the server counts them) and whether past the limit. */
export function textCount(text: string): { count: number; max: number; over: boolean } {
  const count = surveyTextLength(text.trim());
  return { count, max: SURVEY_TEXT_MAX, over: count > SURVEY_TEXT_MAX };
}
