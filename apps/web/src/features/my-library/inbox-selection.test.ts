import { describe, expect, it } from 'vitest';
import { batchIds, newestId } from './inbox-selection';

describe('the inbox’s batch actions', () => {
  it('send only the chosen rows still on the page, in the page’s order', () => {
    expect(batchIds(new Set([7, 3, 99]), [9, 7, 5, 3])).toEqual([7, 3]);
    expect(batchIds(new Set(), [9, 7])).toEqual([]);
    // A row chosen, then deleted in another tab: the list no longer shows it, nothing to send.
    expect(batchIds(new Set([42]), [9, 7])).toEqual([]);
  });

  it('remember the newest message listed so far, whatever page is shown', () => {
    expect(newestId(undefined, [])).toBeUndefined();
    expect(newestId(undefined, [{ messageId: 5 }, { messageId: 9 }, { messageId: 2 }])).toBe(9);
    // Page 2 after page 1: the newest stays the first page's.
    expect(newestId(9, [{ messageId: 4 }, { messageId: 3 }])).toBe(9);
    // A message that arrived and was listed after a refresh.
    expect(newestId(9, [{ messageId: 12 }])).toBe(12);
  });
});
