// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stubBrowser } from '@autoscope/web-sdk/testing';

import { CompaniesPage } from '../../src/app/pages/admin/CompaniesPage';
import type { AccountItem, CompanyItem } from '../../src/app/pages/admin/generated';

import { renderWithQueries } from '../render';
import { json, stubRoutes } from '../fakeHost';
import { account, adminSession } from '../fixtures';

beforeAll(stubBrowser);

// The flags are files the build emits (webpackContext); the new company's country list shows none here.
vi.mock('../../src/options/flags', () => ({ flagUrl: () => undefined }));

afterEach(cleanup);

const session = adminSession({ companyname: 'Autoscope', edition: 'enterprise' });

function company(id: string, name: string, edition: string, createdAt: string, users: number): CompanyItem {
  return {
    id,
    name,
    edition,
    createdAt,
    users,
    country: 'IN',
    currency: 'INR',
    deactivatedAt: null,
    administration: false,
  };
}

/** A small host: the companies, each one's accounts, and disable/enable with the host's answers. */
let companies: CompanyItem[];
let accounts: Record<string, AccountItem[]>;
let calls: string[];

beforeEach(() => {
  companies = [
    company('c1', 'Autoscope', 'enterprise', '2026-11-01T10:00:00Z', 3),
    company('c2', 'Empty Ltd', 'community', '2026-11-02T10:00:00Z', 0),
    company('gone', 'Gone Ltd', 'community', '2026-11-03T10:00:00Z', 1),
  ];
  accounts = {
    c1: [
      account('me', 'Ada', { lastname: 'Admin', email: 'ada@autoscope.test', isAdmin: true, jobTitle: 'Operator' }),
      account('u2', 'Bob', { jobTitle: 'Analyst' }),
      account('u3', 'Cy', { disabled: true }),
    ],
    c2: [],
  };
  calls = [];
  stubRoutes(calls, (url, method, init) => {
    if (url === '/api/admin/companies') return json(200, { data: companies });
    const list = /^\/api\/admin\/companies\/([^/]+)\/users$/.exec(url);
    if (list) {
      const found = accounts[decodeURIComponent(list[1]!)];
      return found ? json(200, { data: found }) : json(404, { message: 'Company not found' });
    }
    const change = /^\/api\/admin\/users\/([^/]+)\/(disable|enable)$/.exec(url);
    if (change && method === 'POST') {
      const [, id, action] = change;
      if (action === 'disable' && id === 'me') return json(400, { message: 'You cannot disable your own account' });
      const target = Object.values(accounts)
        .flat()
        .find((item) => item.id === id);
      if (!target) return json(404, { message: 'User not found' });
      target.disabled = action === 'disable';
      return json(200, { message: action === 'disable' ? 'User disabled' : 'User enabled' });
    }
    if (url === '/api/masters/options')
      return json(200, { genders: [], departments: [], countries: [], currencies: [] });
    const rename = /^\/api\/admin\/companies\/([^/]+)\/name$/.exec(url);
    if (rename && method === 'POST') {
      const { name } = JSON.parse(String(init?.body)) as { name: string };
      if (companies.some((item) => item.name.toLowerCase() === name.toLowerCase() && item.id !== rename[1]))
        return json(409, { message: 'A company with this name already exists' });
      companies = companies.map((item) => (item.id === rename[1] ? { ...item, name } : item));
      return json(200, { message: 'Company renamed' });
    }
    const activation = /^\/api\/admin\/companies\/([^/]+)\/(deactivate|reactivate)$/.exec(url);
    if (activation && method === 'POST') {
      const deactivatedAt = activation[2] === 'deactivate' ? '2026-11-05T10:00:00Z' : null;
      companies = companies.map((item) => (item.id === activation[1] ? { ...item, deactivatedAt } : item));
      return json(200, { message: activation[2] === 'deactivate' ? 'Company deactivated' : 'Company reactivated' });
    }
    return json(404, { message: 'Not found' });
  });
});

function renderPage() {
  return renderWithQueries(<CompaniesPage session={session} />);
}

async function openAccounts(company: string) {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`accounts of ${company}$`) }));
}

function row(name: string): HTMLElement {
  return screen.getByText(name).closest('tr')!;
}

describe('CompaniesPage accounts', () => {
  it("lists a company's accounts with their state and role", async () => {
    await openAccounts('Autoscope');
    expect(await screen.findByText('Bob Test')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Accounts of Autoscope' })).toBeTruthy();
    expect(calls).toContain('GET /api/admin/companies/c1/users');

    const bob = row('Bob Test');
    expect(within(bob).getByText('bob@acme.test')).toBeTruthy();
    expect(within(bob).getByText('Analyst')).toBeTruthy();
    expect(within(bob).getByText('Active')).toBeTruthy();
    expect(within(bob).getByText('User')).toBeTruthy();
    expect(within(row('Ada Admin')).getByText('Admin')).toBeTruthy();
    expect(within(row('Cy Test')).getByText('Disabled')).toBeTruthy();
    expect(within(row('Cy Test')).getByRole('button', { name: 'Enable Cy Test' })).toBeTruthy();
    // The admin's own account cannot be disabled.
    expect((within(row('Ada Admin')).getByRole('button', { name: 'Disable' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText('3 accounts')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close the accounts' }));
    expect(screen.queryByText('Bob Test')).toBeNull();
  });

  it('disables only after the confirmation, then says so and reads the list again', async () => {
    await openAccounts('Autoscope');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable Bob Test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable the account?' });
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Disable Bob Test' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('User disabled')).toBeTruthy();
    expect(calls).toContain('POST /api/admin/users/u2/disable');
    await waitFor(() => expect(calls.filter((call) => call === 'GET /api/admin/companies/c1/users')).toHaveLength(2));
    await waitFor(() => expect(within(row('Bob Test')).getByText('Disabled')).toBeTruthy());
    expect(within(row('Bob Test')).getByRole('button', { name: 'Enable Bob Test' })).toBeTruthy();
  });

  it('enables at once', async () => {
    await openAccounts('Autoscope');
    fireEvent.click(await screen.findByRole('button', { name: 'Enable Cy Test' }));
    expect(await screen.findByText('User enabled')).toBeTruthy();
    expect(calls).toContain('POST /api/admin/users/u3/enable');
    await waitFor(() => expect(within(row('Cy Test')).getByText('Active')).toBeTruthy());
  });

  it("shows the host's refusal", async () => {
    await openAccounts('Autoscope');
    await screen.findByText('Bob Test');
    accounts.c1 = accounts.c1!.filter((item) => item.id !== 'u2');
    fireEvent.click(screen.getByRole('button', { name: 'Disable Bob Test' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('User not found')).toBeTruthy();
    // The list is read again, and the account is gone from it.
    await waitFor(() => expect(screen.queryByText('Bob Test')).toBeNull());
  });

  it('says when a company has no accounts, or cannot be found', async () => {
    await openAccounts('Empty Ltd');
    expect(await screen.findByText('This company has no accounts.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /accounts of Gone Ltd$/ }));
    expect(await screen.findByText('Company not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('searches and pages a long list', async () => {
    const names = Array.from({ length: 23 }, (_, index) => `Person${String(index).padStart(2, '0')}`);
    accounts.c1 = names.map((name, index) => account(`p${index}`, name));
    await openAccounts('Autoscope');
    expect(await screen.findByText('Person00 Test')).toBeTruthy();
    expect(screen.queryByText('Person10 Test')).toBeNull();
    expect(screen.getByText('23 accounts')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Person22 Test')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search by name or e-mail' }), {
      target: { value: 'person1' },
    });
    expect(await screen.findByText('Person10 Test')).toBeTruthy();
    expect(screen.queryByText('Person22 Test')).toBeNull();
    expect(screen.getByText('10 of 23 accounts')).toBeTruthy();
  });
});

describe('CompaniesPage changes', () => {
  async function openActions(company: string) {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: `Actions for ${company}` }));
  }

  it("renames after checking the name, and shows the host's refusal under the field", async () => {
    await openActions('Empty Ltd');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Empty Ltd' });
    const field = within(dialog).getByRole('textbox', { name: 'Company name' });
    fireEvent.change(field, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Please enter the company name')).toBeTruthy();
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.change(field, { target: { value: 'AUTOSCOPE' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('A company with this name already exists')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'Full Ltd' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Company renamed')).toBeTruthy();
    expect(await screen.findByText('Full Ltd')).toBeTruthy();
  });

  it('deactivates after the confirmation and shows the company as deactivated', async () => {
    await openActions('Empty Ltd');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate the company?' });
    expect(within(dialog).getByText(/signed out at once/)).toBeTruthy();
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Company deactivated')).toBeTruthy();
    expect(calls).toContain('POST /api/admin/companies/c2/deactivate');
    await waitFor(() => expect(within(row('Empty Ltd')).getByText('Deactivated')).toBeTruthy());
  });

  it('offers no change of the administration company', async () => {
    companies = companies.map((item) => (item.id === 'c1' ? { ...item, administration: true } : item));
    renderPage();
    await screen.findByText('Empty Ltd');
    expect(screen.queryByRole('button', { name: 'Actions for Autoscope' })).toBeNull();
  });

  it('checks a new company before sending it', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New company' }));
    const dialog = await screen.findByRole('dialog', { name: 'A new company' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create company' }));
    expect(await within(dialog).findByText('Please enter the company name')).toBeTruthy();
    expect(within(dialog).getByText('Please select a Country')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid e-mail address for the company admin')).toBeTruthy();
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
  });
});
