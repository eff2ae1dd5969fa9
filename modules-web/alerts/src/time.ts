/** How Alerts writes times and durations: how long ago (or how soon), and minutes in their largest whole unit. */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Unix seconds `at` seen from `now`: `just now`, `5 min ago`, `3 h ago`, `2 days ago`, or ahead
 * `in 5 min`; '' when missing. Past a week, the caller shows the date.
 */
export function relativeTime(at: number | null | undefined, now: number): string {
  if (at == null || !Number.isFinite(at)) return '';
  const delta = now - at;
  const span = Math.abs(delta);
  let text: string;
  if (span < MINUTE) return delta >= 0 ? 'just now' : 'in under a minute';
  if (span < HOUR) text = `${Math.floor(span / MINUTE)} min`;
  else if (span < DAY) text = `${Math.floor(span / HOUR)} h`;
  else text = plural(Math.floor(span / DAY), 'day', 'days');
  return delta >= 0 ? `${text} ago` : `in ${text}`;
}

/** Minutes in their largest whole unit, as the plugin writes them: `45 minutes`, `2 hours`, `1 day`. */
export function minutesText(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole >= 1440 && whole % 1440 === 0) return plural(whole / 1440, 'day', 'days');
  if (whole >= 60 && whole % 60 === 0) return plural(whole / 60, 'hour', 'hours');
  return plural(whole, 'minute', 'minutes');
}
