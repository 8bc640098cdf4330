import type { ReaderStatus } from '@openfind/contract';
import type { AppError } from '../../http/errors.js';
import type { MessageKey } from '../../http/messages.js';
import { AuthErrors } from './auth-errors.js';

/**
 * The reader actions that the account's status restricts (spec §6 "Frozen readers cannot renew or
 * recommend. A lost-card status needs a separate password check"). Renewing, requesting and
 * recommending join this list when they are built, each with its two messages in messages.ts.
 */
const REFUSALS = {
  comment: { frozen: 'frozenCannotComment', lost: 'lostCannotComment' },
  rate: { frozen: 'frozenCannotRate', lost: 'lostCannotRate' },
  favourite: { frozen: 'frozenCannotFavourite', lost: 'lostCannotFavourite' },
  request: { frozen: 'frozenCannotRequest', lost: 'lostCannotRequest' },
  recommend: { frozen: 'frozenCannotRecommend', lost: 'lostCannotRecommend' },
} as const satisfies Record<string, { frozen: MessageKey; lost: MessageKey }>;
export type ReaderAction = keyof typeof REFUSALS;

/**
 * Why a reader of this status may not do `action`, or null when they may. A frozen account may do
 * none of them; neither may a card reported lost: whoever holds the session may not be its owner
 * until the loss is lifted with the password (at the desk), and what they post shows the reader's
 * name. Taking things away (cancelling a favourite, deleting search history) stays open to all.
 */
export function standingRefusal(status: ReaderStatus, action: ReaderAction): AppError | null {
  if (status === 'frozen') return AuthErrors.readerFrozen(REFUSALS[action].frozen);
  if (status === 'lost') return AuthErrors.readerLost(REFUSALS[action].lost);
  return null;
}
