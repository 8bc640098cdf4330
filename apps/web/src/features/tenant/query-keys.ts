/** The tenant's query keys (TanStack Query): every key of the feature is made here. */
export const tenantKeys = {
  all: ['tenant'] as const,
  /** The tenant a mapping path stands for. */
  groupCode: (mappingPath: string) => [...tenantKeys.all, 'groupCode', mappingPath] as const,
};
