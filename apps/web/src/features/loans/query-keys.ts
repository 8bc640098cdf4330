/** The loans' query keys (TanStack Query); the hot-borrowing lists are keyed by the screens that show them. */
export const loanKeys = {
  all: ['loans'] as const,
  /** A record's loans in each of the last ten years. */
  tenYears: (recordId: number) => [...loanKeys.all, 'ten-years', recordId] as const,
};
