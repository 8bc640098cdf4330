/** The outside identity a bind screen binds: `openId` (WeChat) or `uid` (single sign-on, passport). */
export type TicketName = 'openId' | 'uid';

/** The ticket from the navigation state (how the entry links pass it), else the query parameter `query`. */
export function readTicket(state: unknown, search: string, name: TicketName, query: string = name): string {
  const fromState = state && typeof state === 'object' ? (state as Record<string, unknown>)[name] : undefined;
  if (typeof fromState === 'string' && fromState) return fromState;
  return new URLSearchParams(search).get(query) ?? '';
}
