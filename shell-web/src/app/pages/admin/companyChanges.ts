/**
 * What the admin companies page changes: a new company's fields and their checks (the host's
 * words, host/src/admin/companies.rs), and the paths of rename, deactivate and reactivate.
 */

import { enterprise } from '../../../validation';

export interface NewCompanyValues {
  name: string;
  country: string;
  currencyName: string;
  edition: 'community' | 'enterprise';
  adminEmail: string;
}

export const NAME_REQUIRED = 'Please enter the company name';
export const COUNTRY_REQUIRED = 'Please select a Country';
export const CURRENCY_REQUIRED = 'Please select a currency';
export const ADMIN_EMAIL_INVALID = 'Please enter a valid e-mail address for the company admin';

/** The fields' errors, keyed by field (none when the form can be sent). */
export function newCompanyErrors(values: NewCompanyValues): Partial<Record<keyof NewCompanyValues, string>> {
  const errors: Partial<Record<keyof NewCompanyValues, string>> = {};
  if (!values.name.trim()) errors.name = NAME_REQUIRED;
  if (!values.country.trim()) errors.country = COUNTRY_REQUIRED;
  if (!values.currencyName.trim()) errors.currencyName = CURRENCY_REQUIRED;
  // The enterprise form's simple pattern is the host's check of the address too.
  if (enterprise.email(values.adminEmail) !== null) errors.adminEmail = ADMIN_EMAIL_INVALID;
  return errors;
}

/** The rename error of a name, or null. */
export function companyNameError(name: string): string | null {
  return name.trim() ? null : NAME_REQUIRED;
}

export type CompanyAction = 'name' | 'deactivate' | 'reactivate';

/** The host path of a change to one company. */
export function companyActionPath(companyId: string, action: CompanyAction): string {
  return `/admin/companies/${encodeURIComponent(companyId)}/${action}`;
}
