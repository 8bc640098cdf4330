/** Query keys of subject services (each with the language: names and counts come translated). */
export const subjectKeys = {
  all: ['subjects'] as const,
  departments: (lang: string) => [...subjectKeys.all, 'departments', lang] as const,
  department: (id: number, lang: string) => [...subjectKeys.all, 'department', id, lang] as const,
  resources: (id: number, type: string, page: number, lang: string) =>
    [...subjectKeys.all, 'resources', id, type, page, lang] as const,
  researchers: (filter: object, lang: string) => [...subjectKeys.all, 'researchers', filter, lang] as const,
  researcher: (id: number, page: number, lang: string) => [...subjectKeys.all, 'researcher', id, page, lang] as const,
  theses: (filter: object, lang: string) => [...subjectKeys.all, 'theses', filter, lang] as const,
};
