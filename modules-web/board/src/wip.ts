/** The WIP limits form: the text of each field, checked as the server checks it. */

import { PROGRESS_STAGES } from '@common/domain/vocabulary';
import type { ColumnKey, WipSettings } from './api';
import { MESSAGES } from './generated';

export const WIP_MESSAGE = MESSAGES.BAD_WIP;

/** The columns that may have a limit: all but the closed column. */
export const LIMITED_COLUMNS = PROGRESS_STAGES satisfies readonly ColumnKey[];
export type LimitedColumn = (typeof LIMITED_COLUMNS)[number];

export type WipForm = Record<LimitedColumn, string>;

export function wipForm(settings: WipSettings | undefined): WipForm {
  return Object.fromEntries(
    LIMITED_COLUMNS.map((key) => {
      const limit = settings?.wip[key];
      return [key, limit === null || limit === undefined ? '' : String(limit)];
    }),
  ) as WipForm;
}

/** The limit a field holds: null for empty (no limit), undefined when it is not a whole number from 1 to 99. */
export function parseLimit(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= 99 ? value : undefined;
}

/** The fields whose text is not a limit, each with the server's message. */
export function wipErrors(form: WipForm): Partial<Record<LimitedColumn, string>> {
  const errors: Partial<Record<LimitedColumn, string>> = {};
  for (const key of LIMITED_COLUMNS) if (parseLimit(form[key]) === undefined) errors[key] = WIP_MESSAGE;
  return errors;
}

/** The `wip` of `PUT /settings` for a form that `wipErrors` passed: each column's limit, null for none. */
export function wipLimits(form: WipForm): Record<LimitedColumn, number | null> {
  const wip = {} as Record<LimitedColumn, number | null>;
  for (const key of LIMITED_COLUMNS) wip[key] = parseLimit(form[key]) ?? null;
  return wip;
}
