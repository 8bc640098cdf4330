/**
 * The loaders of the staff console's texts (`admin*` namespaces): a chunk of their own, fetched the
 * first time the console asks for one, so that a reader's first page does not carry their table
 * (a hundred-odd entries of the start-up chunk before they were split off).
 */
export const adminLoaders = import.meta.glob<Record<string, unknown>>('../../locales/*/admin*.json', {
  import: 'default',
});
