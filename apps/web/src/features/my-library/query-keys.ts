/** Query keys of My Library (per reader: a logout clears the cache). */
export const myLibraryKeys = {
  all: ['myLibrary'] as const,
  requests: (page: number) => [...myLibraryKeys.all, 'requests', page] as const,
  /** Re-lend asks made of the reader for books they have on loan. */
  relendAsks: () => [...myLibraryKeys.all, 'relendAsks'] as const,
  summary: () => [...myLibraryKeys.all, 'summary'] as const,
  personalInfo: () => [...myLibraryKeys.all, 'personalInfo'] as const,
  behaviours: (tab: string, page: number) => [...myLibraryKeys.all, 'behaviours', tab, page] as const,
  totalMoney: () => [...myLibraryKeys.all, 'totalMoney'] as const,
  payMethods: () => [...myLibraryKeys.all, 'payMethods'] as const,
  payment: (id: number) => [...myLibraryKeys.all, 'payment', id] as const,
  addresses: () => [...myLibraryKeys.all, 'addresses'] as const,
  /** Resource recommendations (key 6): whether and how much the reader may, and their list by tab. */
  recommendState: () => [...myLibraryKeys.all, 'recommendState'] as const,
  recommendationLists: () => [...myLibraryKeys.all, 'recommendations'] as const,
  recommendations: (tab: string, page: number) => [...myLibraryKeys.recommendationLists(), tab, page] as const,
  addressTypes: () => [...myLibraryKeys.all, 'addressTypes'] as const,
  /** The reader's own comments (key 17). */
  comments: (page: number) => [...myLibraryKeys.all, 'comments', page] as const,
  points: (page: number) => [...myLibraryKeys.all, 'points', page] as const,
  pointsRules: () => [...myLibraryKeys.all, 'pointsRules'] as const,
  reminders: () => [...myLibraryKeys.all, 'reminders'] as const,
  loanRules: () => [...myLibraryKeys.all, 'loanRules'] as const,
  loans: (current: boolean, page: number) =>
    [...myLibraryKeys.all, 'loans', current ? 'current' : 'history', page] as const,
};
