/** What a failed call says to the user. */

import { GENERIC_ERROR_MESSAGE, isApiError } from '@autoscope/web-sdk';

/** The server's message of an ApiError (as the SDK's notify.error shows it), else the generic one. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE;
}

/** 404: the record is gone (deleted meanwhile, or another company's). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** 403: the person's rights do not allow it (a retry does not mend it). */
export function isRefused(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/** 409: someone else changed the record first. */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}
