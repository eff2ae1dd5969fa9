/** The company's settings of Alerts: the check of its quiet days (`Settings::check` in plugins/alerts/src/store.rs). */

import type { NumberValue } from '@common/lib/forms';
import { MESSAGES } from './generated';

/** The server's message when `days` is not a whole number of days from 1 to 90; null when it is. */
export function quietDaysProblem(days: NumberValue): string | null {
  return days !== '' && Number.isInteger(days) && days >= 1 && days <= 90 ? null : MESSAGES.QUIET_DAYS_RANGE;
}
