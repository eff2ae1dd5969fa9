/**
 * Authors that are modules, not people: the Alerts module posts incidents as `module:alerts`.
 * The directory does not know them, so they are named here and shown without a person's look.
 */

import { ALERTS_AUTHOR, ALERTS_NAME } from './generated';

/** The name of a module author; null for a person (the directory names them). */
export function moduleAuthorName(authorId: string): string | null {
  return authorId === ALERTS_AUTHOR ? ALERTS_NAME : null;
}
