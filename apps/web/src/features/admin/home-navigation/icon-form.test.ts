import { describe, expect, it } from 'vitest';
import { checkIcons, move, newDraft, toSave } from './icon-form';

describe('fixed icon editor', () => {
  it('finds the problems the server refuses, at their fields', () => {
    const top = { ...newDraft('top'), name: '返回顶部' };
    const top2 = { ...newDraft('top'), name: '顶部' };
    const link = { ...newDraft('link'), name: '在线咨询', address: 'javascript:alert(1)' };
    const qr = { ...newDraft('qr'), name: '' };
    const errors = checkIcons([top, top2, link, qr]);
    expect(errors[top.key]).toBeUndefined();
    expect(errors[top2.key]).toEqual({ kind: 'duplicateTop' });
    expect(errors[link.key]).toEqual({ address: 'addressInvalid' });
    expect(errors[qr.key]).toEqual({ name: 'nameRequired', address: 'addressRequired' });
    const ok = { ...newDraft('link'), name: '意见反馈', nameEn: 'x'.repeat(21), address: '/feedback' };
    expect(checkIcons([ok])).toEqual({ [ok.key]: { nameEn: 'nameTooLong' } });
  });

  it('moves within the list and sends what the server keeps', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    const top = { ...newDraft('top'), name: ' 返回顶部 ', address: '/x', newTab: true };
    const qr = { ...newDraft('qr'), name: '微信', address: ' /wx.png ', newTab: true };
    expect(toSave([top, qr])).toEqual([
      {
        kind: 'top',
        glyph: 'top',
        name: '返回顶部',
        nameTw: '',
        nameEn: '',
        address: '',
        newTab: false,
        enabled: true,
      },
      {
        kind: 'qr',
        glyph: 'wechat',
        name: '微信',
        nameTw: '',
        nameEn: '',
        address: '/wx.png',
        newTab: false,
        enabled: true,
      },
    ]);
  });
});
