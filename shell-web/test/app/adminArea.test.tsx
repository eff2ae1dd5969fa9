// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stubBrowser } from '@autoscope/web-sdk/testing';

import { EnterpriseRequestsPage } from '../../src/app/pages/admin/EnterpriseRequestsPage';
import { ModulesPage } from '../../src/app/pages/admin/ModulesPage';
import { PeoplePage } from '../../src/app/pages/admin/PeoplePage';
import { SystemLogsPage } from '../../src/app/pages/admin/SystemLogsPage';
import {
  NO_LOG_FILTERS,
  REVERSED_DAYS,
  canUpgrade,
  logFiltersError,
  logsExportPath,
  logsFileName,
  logsPath,
  pageCount,
  peoplePath,
  personCompanyLabel,
  withQuery,
} from '../../src/app/pages/admin/adminLists';
import type {
  AdminLogItem,
  EnterpriseRequestItem,
  InstalledModule,
  PersonItem,
  UpgradeAnswer,
} from '../../src/app/pages/admin/generated';
import {
  ADMIN_EMAIL_INVALID,
  NAME_REQUIRED,
  companyActionPath,
  newCompanyErrors,
} from '../../src/app/pages/admin/companyChanges';

import { renderWithQueries } from '../render';
import { json, stubRoutes } from '../fakeHost';
import { account, adminSession } from '../fixtures';

beforeAll(stubBrowser);
afterEach(cleanup);

const session = adminSession({ companyname: 'Autoscope Administration', company_id: 'c0' });

describe('the admin lists the host pages', () => {
  it('builds query strings without blank values', () => {
    expect(withQuery('/admin/users', { search: ' ', page: 2, pageSize: 20 })).toBe('/admin/users?page=2&pageSize=20');
    expect(withQuery('/admin/logs', {})).toBe('/admin/logs');
    expect(peoplePath('ann lee', 1)).toBe('/admin/users?search=ann+lee&page=1&pageSize=20');
    const filters = { ...NO_LOG_FILTERS, level: 'warn', from: '2026-03-01' };
    expect(logsPath(filters, 3)).toBe('/admin/logs?level=warn&from=2026-03-01&page=3&pageSize=20');
    expect(logsExportPath(filters)).toBe('/admin/logs/export?level=warn&from=2026-03-01');
  });

  it('counts pages, one at least', () => {
    expect([pageCount(0, 20), pageCount(20, 20), pageCount(21, 20)]).toEqual([1, 1, 2]);
  });

  it('refuses a day range that ends before it starts, and names the export by its days', () => {
    expect(logFiltersError({ ...NO_LOG_FILTERS, from: '2026-03-02', to: '2026-03-01' })).toBe(REVERSED_DAYS);
    expect(logFiltersError({ ...NO_LOG_FILTERS, from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(logsFileName(NO_LOG_FILTERS)).toBe('system-logs.csv');
    expect(logsFileName({ ...NO_LOG_FILTERS, from: '2026-03-01', to: '2026-03-31' })).toBe(
      'system-logs_2026-03-01_to_2026-03-31.csv',
    );
  });

  it('offers Upgrade only for a pending request of a community company', () => {
    expect(canUpgrade({ handledAt: null, edition: 'community' })).toBe(true);
    expect(canUpgrade({ handledAt: '2026-03-01T00:00:00Z', edition: 'community' })).toBe(false);
    expect(canUpgrade({ handledAt: null, edition: 'enterprise' })).toBe(false);
  });

  it("notes a person's company role and state", () => {
    const base = { id: 'c', name: 'Acme', status: 'active', companyAdmin: false, companyDeactivated: false };
    expect(personCompanyLabel(base)).toBe('Acme');
    expect(personCompanyLabel({ ...base, companyAdmin: true, companyDeactivated: true })).toBe(
      'Acme (admin, company deactivated)',
    );
    expect(personCompanyLabel({ ...base, status: 'removed' })).toBe('Acme (removed)');
  });

  it("checks a new company with the host's words", () => {
    const values = {
      name: 'Globex',
      country: 'IN',
      currencyName: 'INR',
      edition: 'community' as const,
      adminEmail: 'hank@globex.com',
    };
    expect(newCompanyErrors(values)).toEqual({});
    expect(newCompanyErrors({ ...values, name: ' ', adminEmail: 'hank' })).toEqual({
      name: NAME_REQUIRED,
      adminEmail: ADMIN_EMAIL_INVALID,
    });
    expect(companyActionPath('a/b', 'deactivate')).toBe('/admin/companies/a%2Fb/deactivate');
  });
});

function request(id: string, extra: Partial<EnterpriseRequestItem> = {}): EnterpriseRequestItem {
  return {
    id,
    name: 'Ann Lee',
    email: 'ann.lee@acme.test',
    accountEmail: 'ann@acme.test',
    companyId: 'c1',
    companyName: 'Acme',
    edition: 'community',
    contactNumber: '+91 98765 43210',
    country: 'IN',
    createdAt: '2026-11-01T10:00:00Z',
    handledAt: null,
    handledBy: null,
    ...extra,
  };
}

describe('EnterpriseRequestsPage', () => {
  let requests: EnterpriseRequestItem[];
  let calls: string[];

  beforeEach(() => {
    requests = [
      request('r2'),
      request('r1', {
        name: 'Zed Park',
        companyName: 'Zeta',
        edition: 'enterprise',
        handledAt: '2026-10-02T10:00:00Z',
        handledBy: 'root@autoscope.local',
      }),
    ];
    calls = [];
    stubRoutes(calls, (url, method) => {
      if (url.startsWith('/api/admin/enterpriseRequests?'))
        return json(200, { data: requests, page: 1, pageSize: 20, total: requests.length });
      const upgrade = /^\/api\/admin\/enterpriseRequests\/([^/]+)\/upgrade$/.exec(url);
      const found = upgrade && requests.find((item) => item.id === upgrade[1]);
      if (found && method === 'POST') {
        const handled = { edition: 'enterprise', handledAt: '2026-11-02T10:00:00Z', handledBy: 'ada@autoscope.test' };
        const upgraded: EnterpriseRequestItem = { ...found, ...handled };
        requests = requests.map((item) => (item.id === upgraded.id ? upgraded : item));
        const answer: UpgradeAnswer = { message: 'The company now has the enterprise edition', request: upgraded };
        return json(200, answer);
      }
      return json(404, { message: 'Not found' });
    });
  });

  it('shows pending and handled requests; Upgrade asks first, then the request reads handled', async () => {
    renderWithQueries(<EnterpriseRequestsPage session={session} />);
    const acme = (await screen.findByText('Acme')).closest('tr')!;
    expect(within(acme).getByText('Pending')).toBeTruthy();
    const zeta = screen.getByText('Zeta').closest('tr')!;
    expect(within(zeta).getByText('Handled')).toBeTruthy();
    expect(within(zeta).queryByRole('button', { name: /Upgrade/ })).toBeNull();
    expect(screen.getByText('2 requests')).toBeTruthy();

    fireEvent.click(within(acme).getByRole('button', { name: 'Upgrade Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to the enterprise edition?' });
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByText('The company now has the enterprise edition')).toBeTruthy();
    expect(calls).toContain('POST /api/admin/enterpriseRequests/r2/upgrade');
    await waitFor(() => expect(within(screen.getByText('Acme').closest('tr')!).getByText('Handled')).toBeTruthy());
  });

  it('says when there is no request, and when the list cannot be read', async () => {
    requests = [];
    renderWithQueries(<EnterpriseRequestsPage session={session} />);
    expect(await screen.findByText('No enterprise request yet.')).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { message: 'Something went wrong' })),
    );
    renderWithQueries(<EnterpriseRequestsPage session={session} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

function person(id: string, firstname: string, extra: Partial<PersonItem> = {}): PersonItem {
  return {
    ...account(id, firstname),
    companies: [{ id: 'c1', name: 'Acme', status: 'active', companyAdmin: false, companyDeactivated: false }],
    ...extra,
  };
}

describe('PeoplePage', () => {
  let calls: string[];

  beforeEach(() => {
    calls = [];
    stubRoutes(calls, (url) => {
      if (url.startsWith('/api/admin/users?')) {
        const search = new URL(url, 'http://host').searchParams.get('search') ?? '';
        const all = [person('u1', 'Bob'), person('u2', 'Cy', { disabled: true })];
        const data = all.filter((item) => item.firstname.toLowerCase().includes(search.toLowerCase()));
        return json(200, { data, page: 1, pageSize: 20, total: data.length });
      }
      if (/\/resetLink$/.test(url)) return json(200, { message: 'A link to reset the password was sent' });
      return json(404, { message: 'Not found' });
    });
  });

  it('lists people with their companies, searches through the host, and sends a reset link after asking', async () => {
    renderWithQueries(<PeoplePage session={session} />);
    const bob = (await screen.findByText('Bob Test')).closest('tr')!;
    expect(within(bob).getByText('Acme')).toBeTruthy();
    expect(within(screen.getByText('Cy Test').closest('tr')!).getByText('Deactivated')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name or e-mail' }), { target: { value: 'cy' } });
    await waitFor(() => expect(screen.queryByText('Bob Test')).toBeNull());
    expect(calls).toContain('GET /api/admin/users?search=cy&page=1&pageSize=20');

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Cy Test' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Send a password reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a password reset link?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('A link to reset the password was sent')).toBeTruthy();
    expect(calls).toContain('POST /api/admin/users/u2/resetLink');
  });
});

describe('SystemLogsPage', () => {
  let calls: string[];

  beforeEach(() => {
    calls = [];
    stubRoutes(calls, (url) => {
      if (url === '/api/admin/companies') return json(200, { data: [] });
      if (url.startsWith('/api/admin/logs?')) {
        const entry: AdminLogItem = {
          id: 'l1',
          level: 'warn',
          event: 'signin.failed',
          message: 'failed sign-in for zed@zeta.test',
          createdAt: '2026-11-01T10:00:00Z',
          companyId: null,
          companyName: null,
          userId: 'u9',
          userEmail: 'zed@zeta.test',
          requestId: null,
          clientAddr: '203.0.113.9',
        };
        return json(200, { data: [entry], page: 1, pageSize: 20, total: 1 });
      }
      return json(404, { message: 'Not found' });
    });
  });

  it('shows the entries, applies the filters on submit and refuses a reversed range', async () => {
    renderWithQueries(<SystemLogsPage session={session} />);
    expect(await screen.findByText('failed sign-in for zed@zeta.test')).toBeTruthy();
    expect(screen.getByText('1 entry')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '203.0.113.9' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'zed' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Filters' }));
    expect(await screen.findByText(REVERSED_DAYS)).toBeTruthy();
    expect(calls.some((call) => call.includes('user=zed'))).toBe(false);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-03' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Filters' }));
    await waitFor(() =>
      expect(calls).toContain('GET /api/admin/logs?user=zed&from=2026-11-02&to=2026-11-03&page=1&pageSize=20'),
    );

    fireEvent.change(screen.getByLabelText('Event'), { target: { value: 'module.log.support' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Filters' }));
    await waitFor(() =>
      expect(calls).toContain(
        'GET /api/admin/logs?user=zed&from=2026-11-02&to=2026-11-03&event=module.log.support&page=1&pageSize=20',
      ),
    );
  });
});

describe('ModulesPage', () => {
  let calls: string[];
  const support: InstalledModule = {
    key: 'support',
    name: 'Ticket Management',
    version: '1.2.0',
    rightsKey: 'support',
    declared: ['storage', 'public:POST /approve', 'route:POST /support/approve_request'],
    granted: ['storage', 'route:POST /support/approve_request'],
    routes: [
      { method: 'POST', path: '/api/support/approve_request', public: true, granted: true },
      { method: 'POST', path: '/api/m/support/approve', public: true, granted: false },
    ],
    limits: {
      fuel: 200_000_000,
      memory_mb: 16,
      timeout_ms: 5000,
      max_request_kb: 1024,
      max_response_kb: 2048,
      concurrency: 8,
    },
    digest: 'ab'.repeat(32),
  };

  beforeEach(() => {
    calls = [];
    stubRoutes(calls, (url, method) => {
      if (url === '/api/admin/modules' && method === 'GET') return json(200, { data: [support] });
      if (url.startsWith('/api/admin/modules/support?') && method === 'DELETE')
        return json(200, { message: 'Module removed with its data' });
      if (url === '/api/admin/logs?event=module.log.support&page=1&pageSize=50') {
        const line: AdminLogItem = {
          id: 'l7',
          level: 'error',
          event: 'module.log.support',
          message: 'panicked: the books do not balance',
          createdAt: '2026-11-29T09:00:00Z',
          companyId: 'c1',
          companyName: 'Acme',
          userId: null,
          userEmail: null,
          requestId: 'r-42',
          clientAddr: null,
        };
        return json(200, { data: [line], page: 1, pageSize: 50, total: 1 });
      }
      return json(404, { message: 'Not found' });
    });
  });

  it('shows each route with its grant, and removes keeping or purging the data as the admin chose', async () => {
    renderWithQueries(<ModulesPage session={session} />);
    const row = (await screen.findByText('Ticket Management')).closest('tr')!;
    expect(within(row).getByText('POST /api/support/approve_request')).toBeTruthy();
    expect(within(row).getAllByText('no session')).toHaveLength(2);
    expect(within(row).getAllByText('not granted')).toHaveLength(1);

    fireEvent.click(within(row).getByRole('button', { name: 'Remove Ticket Management' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the module?' });
    expect(within(dialog).getByRole('radio', { name: 'Keep its data' })).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Delete its data' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove and delete data' }));
    expect(await screen.findByText('Module removed with its data')).toBeTruthy();
    expect(calls).toContain('DELETE /api/admin/modules/support?data=purge');
  });

  it("shows a module's recent log lines with their company and request", async () => {
    renderWithQueries(<ModulesPage session={session} />);
    const row = (await screen.findByText('Ticket Management')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Log of Ticket Management' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recent log of Ticket Management' });
    expect(await within(dialog).findByText('panicked: the books do not balance')).toBeTruthy();
    expect(within(dialog).getByText(/Acme · request r-42/)).toBeTruthy();
  });
});
