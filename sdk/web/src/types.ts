/**
 * The contract between the web shell and the federated remotes. The shell implements
 * `ShellServices` and provides it with `<AutoscopeProvider>`; a remote reaches the
 * host only through the hooks built on it.
 */

/** A user's right on one rights key (the host's `rights::Right`, generated). */
export type { Right } from './generated';
import type { Right } from './generated';

/** The session's rights map, keyed by rights key (e.g. `process`, `support`). */
export type Rights = Readonly<Record<string, Right>>;

/** A company's currency: its ISO 4217 code and the symbol chosen with it (`{ code: 'USD', symbol: '$' }`). */
export interface Currency {
  code: string;
  symbol: string;
}

/** The signed-in user, as the shell knows it. */
export interface CurrentUser {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  companyId: string;
  /** Administers the active company (company-wide settings, exports). */
  companyAdmin: boolean;
  /** The profile's time zone (IANA); null until the person chooses one: use the browser's then. */
  timeZone: string | null;
  /** The active company's currency: every amount of money the portal shows is in it. */
  currency: Currency;
}

/**
 * The snackbar's looks: dark blue for success, orange for failure (3 s, top centre), and
 * amber for a warning: it went through, but not all of it (longer, to be read).
 */
export type NotifyKind = 'success' | 'failure' | 'warning';

/** One breadcrumb entry: a label, or a label with the route it links to. */
export type BreadcrumbItem = string | { label: string; to?: string };

/** A button of the page title bar. The shell renders it; the SDK only carries data. */
export interface PageButton {
  label: string;
  onClick: () => void;
  /** An icon name the shell knows (same vocabulary as module page icons). */
  icon?: string;
  kind?: 'primary' | 'secondary';
  disabled?: boolean;
  loading?: boolean;
}

/** What the page title bar shows. At most 2 breadcrumb items are kept. */
export interface PageTitle {
  heading: string;
  breadcrumb?: readonly BreadcrumbItem[];
  buttons?: readonly PageButton[];
}

/** The most breadcrumb items the title bar shows. */
export const MAX_BREADCRUMB_ITEMS = 2;

/**
 * What the shell gives every remote. Provide a new object (e.g. with `useMemo`) when
 * the session changes (sign-in, sign-out, new token, new rights): hooks depend on it.
 */
export interface ShellServices {
  /** The session's bearer token, read at each call; null when signed out. */
  getToken(): string | null;
  /** The signed-in user; null on public screens. */
  user: CurrentUser | null;
  /** The session's rights map (first role's rights). */
  rights: Rights;
  /** Shows a snackbar. */
  notify(message: string, kind: NotifyKind): void;
  /** Sets the page title bar; null clears it. */
  setPageTitle(title: PageTitle | null): void;
  /** Called when the host answers 401: the session is over (the shell signs out). */
  onUnauthorized(): void;
  /** Prefix of the host's origin for API calls; '' (same origin) by default. */
  baseUrl?: string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
}
