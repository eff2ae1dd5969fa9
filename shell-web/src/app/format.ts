/** How the app area writes times and dates (the bell's hh:mm a and DD/MM/YYYY). */

import dayjs from 'dayjs';

export const NOTIFICATION_TIME_FORMAT = 'hh:mm a';
export const NOTIFICATION_DATE_FORMAT = 'DD/MM/YYYY';

/** A notification's time in local time, e.g. `09:32 pm`; '' for an unreadable value. */
export function formatNotificationTime(iso: string): string {
  const at = dayjs(iso);
  return at.isValid() ? at.format(NOTIFICATION_TIME_FORMAT) : '';
}

/** A notification's date in local time, e.g. `21/11/2026`; '' for an unreadable value. */
export function formatNotificationDate(iso: string): string {
  const at = dayjs(iso);
  return at.isValid() ? at.format(NOTIFICATION_DATE_FORMAT) : '';
}

/** A moment for tables (companies, logs): date and time together. */
export function formatDateTime(iso: string): string {
  const at = dayjs(iso);
  return at.isValid() ? `${at.format(NOTIFICATION_DATE_FORMAT)} ${at.format(NOTIFICATION_TIME_FORMAT)}` : '';
}
