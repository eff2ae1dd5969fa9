/**
 * The admin flag in local storage picks the admin area and sidebar. It
 * only picks a layout: every admin call is checked by the host.
 */

import { ADMIN_FLAG_KEY } from '../session';

/** Whether the flag is set (stored and not empty). */
export function adminFlagSet(): boolean {
  try {
    return Boolean(localStorage.getItem(ADMIN_FLAG_KEY));
  } catch {
    return false;
  }
}

/** Flips the flag between set and empty, then reloads the root: switching areas reloads the page. */
export function flipAdminFlag(): void {
  localStorage.setItem(ADMIN_FLAG_KEY, adminFlagSet() ? '' : 'true');
  window.location.assign('/');
}
