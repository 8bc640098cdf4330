import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Bean2 } from '@openfind/contract';
import { BasicInfo, basicInfoLines } from './BasicInfo';

/** bean2List of a record with 880s as getBookDetail sends it: the original's row, then the romanised one's. */
const rows: Bean2[] = [
  { key: 'cnb01', description: '题名/责任者', fieldVal: '次按驟變/林行止著.', script: 'original', lang: 'zh' },
  { key: 'cnb01', description: '题名/责任者', fieldVal: 'Ci an zhou bian/Lin Xingzhi zhu.', script: 'romanized' },
  { key: 'cnb04', description: 'ISBN及定价', fieldVal: '9789573908678' },
  { key: 'cnb04', description: 'ISBN及定价', fieldVal: '9573908670' },
  { key: 'cnb62', description: '学科主题', fieldVal: '經濟', script: 'original', lang: 'zh' },
  { key: 'cnb62', description: '学科主题', fieldVal: 'Jing ji', script: 'romanized' },
];

describe('basic information of a record with original-script rows', () => {
  it('shows each original-script value and its romanised form under one label, other repeated rows apart', () => {
    expect(basicInfoLines(rows).map((l) => [l.row.fieldVal, l.romanized?.fieldVal ?? null])).toEqual([
      ['次按驟變/林行止著.', 'Ci an zhou bian/Lin Xingzhi zhu.'],
      ['9789573908678', null],
      ['9573908670', null],
      ['經濟', 'Jing ji'],
    ]);
  });

  it('marks the original with dir="auto" and its language, the romanised form beside it', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <BasicInfo rows={rows} />
      </MemoryRouter>,
    );
    expect(html.match(/<dt>/g)).toHaveLength(4);
    expect(html).toContain(
      '<dd><span class="of-original" dir="auto" lang="zh">次按驟變/林行止著.</span> <span class="of-romanized" dir="auto" lang="zh-Latn">Ci an zhou bian/Lin Xingzhi zhu.</span></dd>',
    );
    // Subject headings stay links to a search, in either form.
    expect(html).toMatch(
      /lang="zh"><span><a href="[^"]*" data-discover="true">經濟<\/a><\/span><\/span> <span class="of-romanized"/,
    );
  });
});
