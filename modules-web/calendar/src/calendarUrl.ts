/** The calendar's state in its URL: the view, the period and the bots layer. */

import { withParams } from '@common/lib/urlParams';

import type { ShownRange, ViewName } from './components/CalendarView';
import { dayStart } from './time';

/** The views, each with its name in the URL (`?view=week`). */
export const VIEWS: { value: ViewName; label: string; param: string }[] = [
  { value: 'dayGridMonth', label: 'Month', param: 'month' },
  { value: 'timeGridWeek', label: 'Week', param: 'week' },
  { value: 'timeGridDay', label: 'Day', param: 'day' },
  { value: 'listWeek', label: 'Agenda', param: 'agenda' },
];

/**
 * What the URL keeps of the calendar, so that a view can be shared and reloaded: the view, a
 * day of the period when it is not today's (`?date=2026-03-02`) and the bots layer (`?bots=1`).
 */
export function readCalendarUrl(params: URLSearchParams): {
  view: ViewName | null;
  date: string | null;
  bots: boolean;
} {
  const view = VIEWS.find((entry) => entry.param === params.get('view'))?.value ?? null;
  const date = params.get('date');
  const valid = date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) && dayStart(date) !== null;
  return { view, date: valid ? date : null, bots: params.get('bots') === '1' };
}

/**
 * `params` with the period shown written: the default view and today's period are left out, and
 * a day the URL names within the period stays.
 */
export function withShownPeriod(
  params: URLSearchParams,
  range: Pick<ShownRange, 'first' | 'end' | 'view'>,
  today: string,
  defaultView: ViewName,
): URLSearchParams {
  const holds = (day: string | null) => day !== null && range.first <= day && day < range.end;
  const asked = readCalendarUrl(params).date;
  const date = holds(today) ? null : holds(asked) ? asked : range.first;
  const param = (view: ViewName) => VIEWS.find((entry) => entry.value === view)?.param ?? null;
  return withParams(params, { view: param(range.view), date }, { view: param(defaultView) ?? '' });
}
