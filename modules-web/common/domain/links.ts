/**
 * Where a record opens in the portal: its module's page with the record open beside the
 * list, named by a URL parameter (`/Process?process=<id>`). The pages read the same
 * parameters, so any module can link to another's records.
 */

export const RECORD_PAGES = {
  process: { path: '/Process', param: 'process' },
  bot: { path: '/BotProfile', param: 'bot' },
  ticket: { path: '/Support', param: 'ticket' },
} as const;

export type RecordKind = keyof typeof RECORD_PAGES;

/** The route that opens the record `id` of `kind`. */
export function recordRoute(kind: RecordKind, id: string): string {
  const { path, param } = RECORD_PAGES[kind];
  return `${path}?${new URLSearchParams({ [param]: id })}`;
}
