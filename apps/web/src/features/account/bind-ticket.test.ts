import { describe, expect, it } from 'vitest';
import { readTicket } from './bind-ticket';

describe('bind tickets', () => {
  it('come from the navigation state first', () => {
    expect(readTicket({ uid: 'from-state' }, '?uid=from-query', 'uid')).toBe('from-state');
    expect(readTicket({ openId: 'o1' }, '', 'openId')).toBe('o1');
  });

  it('else from the query parameter, which may be named differently', () => {
    expect(readTicket(null, '?uid=q1', 'uid')).toBe('q1');
    expect(readTicket(undefined, '?relevanceUid=q2', 'uid', 'relevanceUid')).toBe('q2');
    expect(readTicket({ uid: '' }, '', 'uid')).toBe('');
    expect(readTicket('junk', '?openId=', 'openId')).toBe('');
  });
});
