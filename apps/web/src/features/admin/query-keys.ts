/**
 * The console's query keys. Each area of the console names its own under `area('<area>', …)`, so
 * that invalidating `area('<area>')` refreshes everything that area shows.
 */
export const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  area: (area: string, ...parts: unknown[]) => [...adminKeys.all, area, ...parts] as const,
};
