import { describe, expect, it } from 'vitest';
import { segmentsOf, wordsOf } from './marks';

describe('segmentsOf', () => {
  it('cuts a comment at its marks', () => {
    expect(
      segmentsOf('这是违规内容spam', [
        [2, 4],
        [6, 10],
      ]),
    ).toEqual([
      { text: '这是', marked: false },
      { text: '违规', marked: true },
      { text: '内容', marked: false },
      { text: 'spam', marked: true },
    ]);
  });

  it('leaves a comment without marks whole and clips marks past its end', () => {
    expect(segmentsOf('普通', [])).toEqual([{ text: '普通', marked: false }]);
    expect(segmentsOf('ab', [[1, 9]])).toEqual([
      { text: 'a', marked: false },
      { text: 'b', marked: true },
    ]);
  });
});

describe('wordsOf', () => {
  it('reads one word a line or separated by commas, trimmed', () => {
    expect(wordsOf(' 广告 \n\nspam，赌博、x,y\n')).toEqual(['广告', 'spam', '赌博', 'x', 'y']);
  });
});
