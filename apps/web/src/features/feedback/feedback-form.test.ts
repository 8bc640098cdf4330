import { describe, expect, it } from 'vitest';
import { charactersLeft, feedbackErrors, newSubmitKey, questionErrors, recordIdOf } from './feedback-form';

describe('the feedback and question forms', () => {
  it('counts characters left, an emoji as one, over the limit negative', () => {
    expect(charactersLeft('feedback', '')).toBe(300);
    expect(charactersLeft('feedback', '😀'.repeat(300))).toBe(0);
    expect(charactersLeft('feedback', 'x'.repeat(301))).toBe(-1);
    expect(charactersLeft('question', '问'.repeat(10))).toBe(990);
  });

  it('checks the text, its length and the contact as the server does', () => {
    expect(feedbackErrors({ category: 'other', content: ' ', contact: '' })).toEqual({ content: 'required' });
    expect(feedbackErrors({ category: 'other', content: 'x'.repeat(301), contact: 'call me' })).toEqual({
      content: 'tooLong',
      contact: 'contactInvalid',
    });
    expect(feedbackErrors({ category: 'website', content: '页面打不开', contact: '13800138000' })).toEqual({});
    expect(questionErrors({ subject: '', content: '问'.repeat(1000), contact: 'a@b.cn' })).toEqual({
      subject: 'required',
    });
    expect(questionErrors({ subject: '主题', content: '问'.repeat(1001), contact: '' })).toEqual({
      content: 'tooLong',
    });
  });

  it('reads a record id from the address, nothing else', () => {
    expect(recordIdOf('123')).toBe(123);
    expect(recordIdOf('0')).toBeNull();
    expect(recordIdOf('12a')).toBeNull();
    expect(recordIdOf(null)).toBeNull();
    expect(recordIdOf('99999999999')).toBeNull();
  });

  it('makes a new form token each time, in the form the server takes', () => {
    const a = newSubmitKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newSubmitKey()).not.toBe(a);
  });
});
