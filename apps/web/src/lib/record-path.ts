/** The details page of a record (spec §2: /searchList/bookDetails/{id}). */
export function recordPath(recordId: number | string): string {
  return `/searchList/bookDetails/${recordId}`;
}

/** The results page of a search in one scope (the search screen reads these parameters). */
export function searchPath(searchField: string, searchFieldContent: string): string {
  return `/searchList?${new URLSearchParams({ searchField, searchFieldContent: searchFieldContent.trim() }).toString()}`;
}
