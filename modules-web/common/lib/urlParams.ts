/**
 * A page's state kept in its URL's query (filters, search, sort, tab, the record open), so
 * that a view can be shared and survives a reload: a parameter read among the values it may
 * take, and parameters written with blanks and defaults left out.
 */

/** Whether `value` is one of `values`. */
export function isOneOf<T extends string>(values: readonly T[], value: string | null | undefined): value is T {
  return value != null && (values as readonly string[]).includes(value);
}

/** The parameter `name` when it is one of `values`; else `fallback` (missing, unknown). */
export function paramOneOf<T extends string, F extends T | null>(
  params: URLSearchParams,
  name: string,
  values: readonly T[],
  fallback: F,
): T | F {
  const value = params.get(name);
  return isOneOf(values, value) ? value : fallback;
}

/** The parameter `name`, trimmed; null when it is missing or blank. */
export function textParam(params: URLSearchParams, name: string): string | null {
  return params.get(name)?.trim() || null;
}

/**
 * `params` with each of `values` written, trimmed: a null or blank value, or one equal to its
 * entry of `defaults`, is left out. Every other parameter stays.
 */
export function withParams(
  params: URLSearchParams,
  values: Readonly<Record<string, string | null | undefined>>,
  defaults: Readonly<Record<string, string>> = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(values)) {
    const text = value?.trim();
    if (!text || text === defaults[name]) next.delete(name);
    else next.set(name, text);
  }
  return next;
}
