import { describe, expect, it } from 'vitest';
import { BOOK_LIST_MAX_LENGTH, bookListTitleProblem } from '@openfind/contract';

describe("a book list's title, as the form and the server check it", () => {
  it('is 1–50 characters once trimmed, counted as characters (not UTF-16 units)', () => {
    expect(bookListTitleProblem('')).toBe('required');
    expect(bookListTitleProblem('   ')).toBe('required');
    expect(bookListTitleProblem(' 暑期书单 ')).toBeNull();
    expect(bookListTitleProblem('书'.repeat(BOOK_LIST_MAX_LENGTH.title))).toBeNull();
    expect(bookListTitleProblem('书'.repeat(BOOK_LIST_MAX_LENGTH.title + 1))).toBe('tooLong');
    // Characters beyond the BMP count once each.
    expect(bookListTitleProblem('𠀀'.repeat(BOOK_LIST_MAX_LENGTH.title))).toBeNull();
  });
});
