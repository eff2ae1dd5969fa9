/**
 * The admin flag in local storage picks the admin area and sidebar (spec section 6). It
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

/** Flips the flag between set and empty, then reloads the root (spec section 2). */
export function flipAdminFlag(): void {
  localStorage.setItem(ADMIN_FLAG_KEY, adminFlagSet() ? '' : 'true');
  window.location.assign('/');
}
