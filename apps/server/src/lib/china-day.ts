/**
 * The start of the day in China (UTC+8, no summer time) that `now` falls in: where readers' daily
 * limits (recommendations, document delivery) start counting again.
 */
export function startOfChinaDay(now = new Date()): Date {
  const offsetMs = 8 * 3_600_000;
  const local = new Date(now.getTime() + offsetMs);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() - offsetMs);
}
