/**
 * The inbox's batch actions: which of the chosen rows are on the page (a row chosen before the
 * list changed under it, deleted in another tab, is not sent), and the newest message listed so far
 * ("mark all read" and "delete all" act on it and older ones, not on one that arrived meanwhile).
 */
export function batchIds(selected: ReadonlySet<number>, shown: readonly number[]): number[] {
  return shown.filter((id) => selected.has(id));
}

export function newestId(seen: number | undefined, list: readonly { messageId: number }[]): number | undefined {
  return list.reduce<number | undefined>(
    (max, m) => (max === undefined || m.messageId > max ? m.messageId : max),
    seen,
  );
}
