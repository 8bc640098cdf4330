import { describe, expect, it } from 'vitest';
import type { SurveyQuestion } from '@openfind/contract';
import { answersOf, choiceHint, choose, formProblem, textCount, write, type AnswerState } from './answer-form';

const single: SurveyQuestion = {
  questionId: 1,
  prompt: '满意吗',
  kind: 'single',
  required: true,
  minChoices: null,
  maxChoices: null,
  options: [
    { optionId: 11, label: '是' },
    { optionId: 12, label: '否' },
  ],
};
const multiple: SurveyQuestion = {
  questionId: 2,
  prompt: '常用',
  kind: 'multiple',
  required: false,
  minChoices: 2,
  maxChoices: 3,
  options: [21, 22, 23, 24].map((optionId) => ({ optionId, label: String(optionId) })),
};
const text: SurveyQuestion = {
  questionId: 3,
  prompt: '建议',
  kind: 'text',
  required: false,
  minChoices: null,
  maxChoices: null,
  options: [],
};
const qs = [single, multiple, text];

describe('the survey answer form', () => {
  it('keeps one choice of a single-choice question, several of a multiple one in the options’ order', () => {
    let s: AnswerState = {};
    s = choose(s, single, 11, true);
    s = choose(s, single, 12, true);
    expect(s[1]!.optionIds).toEqual([12]);
    s = choose(s, multiple, 23, true);
    s = choose(s, multiple, 21, true);
    expect(s[2]!.optionIds).toEqual([21, 23]);
    s = choose(s, multiple, 23, false);
    expect(s[2]!.optionIds).toEqual([21]);
  });

  it('sends the answered questions only, texts trimmed', () => {
    let s: AnswerState = choose({}, single, 11, true);
    s = write(s, text, '  好  ');
    expect(answersOf(qs, s)).toEqual([
      { questionId: 1, optionIds: [11], text: '' },
      { questionId: 3, optionIds: [], text: '好' },
    ]);
  });

  it('finds the first problem as the server does', () => {
    expect(formProblem(qs, {})).toEqual({ problem: 'answerRequired', n: 1 });
    let s = choose({}, single, 11, true);
    expect(formProblem(qs, s)).toBeNull();
    s = choose(s, multiple, 21, true);
    expect(formProblem(qs, s)).toMatchObject({ problem: 'tooFewChoices', n: 2, limit: 2 });
    s = write(choose(s, multiple, 22, true), text, '字'.repeat(1001));
    expect(formProblem(qs, s)).toMatchObject({ problem: 'textTooLong', n: 3 });
  });

  it('says how many to choose and counts characters as the server does (an emoji is one)', () => {
    expect(choiceHint(single)).toMatchObject({ key: 'chooseOne' });
    expect(choiceHint(multiple)).toEqual({ key: 'chooseRange', min: 2, max: 3 });
    expect(choiceHint({ ...multiple, minChoices: 2, maxChoices: 2 })).toMatchObject({ key: 'chooseExactly', min: 2 });
    expect(textCount('😀'.repeat(1000))).toEqual({ count: 1000, max: 1000, over: false });
    expect(textCount('a'.repeat(1001)).over).toBe(true);
  });
});
