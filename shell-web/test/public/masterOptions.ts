/** A small answer of `GET /api/masters/options` for the tests of forms with the host's lists. */

import type { MasterOptions } from '../../src/options';

export const MASTER_OPTIONS: MasterOptions = {
  genders: ['Male', 'Female', 'Others'],
  departments: ['Finance & Accounting', 'Information Technology', 'Legal', 'Others'],
  countries: [
    { code: 'DE', name: 'Germany' },
    { code: 'IN', name: 'India' },
    { code: 'US', name: 'United States' },
  ],
  currencies: [
    { code: 'EUR', name: 'Euro', symbol: '€' },
    { code: 'INR', name: 'Indian rupee', symbol: '₹' },
    { code: 'USD', name: 'United States dollar', symbol: '$' },
  ],
};
