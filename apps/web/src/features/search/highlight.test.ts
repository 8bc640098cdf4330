import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';

describe('highlighted titles', () => {
  it('splits hits from plain text', () => {
    expect(highlightSegments('<em>中国</em>通史<em>教程</em>')).toEqual([
      { text: '中国', hit: true },
      { text: '通史', hit: false },
      { text: '教程', hit: true },
    ]);
  });

  it("reads the real server's <font color> hits too", () => {
    expect(highlightSegments("a <font color='#ff9933'>b</font>")).toEqual([
      { text: 'a ', hit: false },
      { text: 'b', hit: true },
    ]);
  });

  it('turns escaped record text back into text, never markup', () => {
    const segments = highlightSegments('&lt;script&gt;alert(1)&lt;/script&gt; &amp; <em>x</em>');
    expect(segments[0]).toEqual({ text: '<script>alert(1)</script> & ', hit: false });
  });

  it('drops any other tag the server might send', () => {
    expect(highlightSegments('<img src=x onerror=alert(1)>ok<b>!</b><script>')).toEqual([{ text: 'ok!', hit: false }]);
  });

  it('copes with unbalanced tags', () => {
    expect(highlightSegments('</em>a<em>b')).toEqual([
      { text: 'a', hit: false },
      { text: 'b', hit: true },
    ]);
  });
});
