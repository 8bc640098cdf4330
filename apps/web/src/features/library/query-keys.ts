/** The library choice's query keys (TanStack Query), and the key of its mutation. */
export const libraryKeys = {
  all: ['library'] as const,
  /** The libraries a reader can choose from. */
  libs: () => [...libraryKeys.all, 'libs'] as const,
  /** Saving the reader's choice (a mutation key). */
  saveLastLibCode: () => [...libraryKeys.all, 'saveLastLibCode'] as const,
};
