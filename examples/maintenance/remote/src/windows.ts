/** A window as the module's `GET /windows` lists it. */
export interface Window {
  id: string;
  title: string;
  system: string | null;
  /** Unix seconds. */
  starts_at: number;
  /** Unix seconds. */
  ends_at: number;
  announced: boolean;
}

/** A `datetime-local` input's value (the browser's time zone) as unix seconds; null when empty or invalid. */
export function toUnixSeconds(local: string): number | null {
  const millis = new Date(local).getTime();
  return Number.isNaN(millis) ? null : Math.floor(millis / 1000);
}

/** A window's span as people read it, in the browser's time zone. */
export function span(window: Pick<Window, 'starts_at' | 'ends_at'>): string {
  const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return format.formatRange(new Date(window.starts_at * 1000), new Date(window.ends_at * 1000));
}
