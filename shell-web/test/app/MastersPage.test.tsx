// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stubBrowser } from '@autoscope/web-sdk/testing';

import { MastersPage } from '../../src/app/pages/admin/MastersPage';
import { MESSAGES, type AdminMaster, type MasterKind } from '../../src/options/generated';
import type { Session } from '../../src/session';

import { renderWithQueries } from '../render';
import { json } from '../fakeHost';

beforeAll(stubBrowser);
afterEach(cleanup);

// The page reads only the token.
const session = { token: 'admin-token', userdata: { is_admin: true } } as unknown as Session;

/** A small host keeping the lists, answering as host/src/masters/admin.rs does. */
let lists: Record<string, AdminMaster[]>;
let calls: { method: string; path: string; body?: Record<string, unknown> }[];
let status: number;

const entry = (kind: MasterKind, name: string, extra: Partial<AdminMaster> = {}): AdminMaster => ({
  id: `${kind}-${name}`,
  kind,
  name,
  code: null,
  symbol: null,
  active: true,
  ...extra,
});

function find(id: string): [AdminMaster[], number] {
  for (const list of Object.values(lists)) {
    const at = list.findIndex((e) => e.id === id);
    if (at >= 0) return [list, at];
  }
  throw new Error(`no ${id}`);
}

beforeEach(() => {
  status = 200;
  calls = [];
  lists = {
    department: [entry('department', 'Finance'), entry('department', 'Legal'), entry('department', 'Others')],
    country: [entry('country', 'India', { code: 'IN' })],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://host');
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, path: url.pathname + url.search, body });
      if (status !== 200) return json(status, { message: 'This needs an administrator' });
      const parts = url.pathname.replace('/api/admin/masters', '').split('/').filter(Boolean);
      if (method === 'GET') return json(200, { data: lists[url.searchParams.get('kind') ?? ''] ?? [] });
      if (parts.length === 0) {
        const kind = body!.kind as MasterKind;
        const list = (lists[kind] ??= []);
        if (list.some((e) => e.name.toLowerCase() === String(body!.name).trim().toLowerCase())) {
          return json(400, { message: MESSAGES.NAME_TAKEN });
        }
        const created = entry(kind, String(body!.name).trim(), { code: (body!.code as string | null) ?? null });
        list.push(created);
        return json(200, created);
      }
      const [list, at] = find(decodeURIComponent(parts[0]!));
      const current = list[at]!;
      if (method === 'PUT') {
        list[at] = { ...current, name: String(body!.name) };
        return json(200, list[at]);
      }
      if (parts[1] === 'deactivate' || parts[1] === 'reactivate') {
        list[at] = { ...current, active: parts[1] === 'reactivate' };
        return json(200, list[at]);
      }
      const to = body!.direction === 'up' ? at - 1 : at + 1;
      [list[at], list[to]] = [list[to]!, current];
      return json(200, { data: list });
    }),
  );
});

function renderPage() {
  return renderWithQueries(<MastersPage session={session} />);
}

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('the Masters page', { timeout: 20_000 }, () => {
  it('loads the departments first, and a tab per kind', async () => {
    renderPage();
    expect(screen.getByLabelText('Loading the department list')).toBeTruthy();
    await screen.findByText('Legal');
    expect(names()).toEqual(['Finance', 'Legal', 'Others']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Genders',
      'Countries',
      'Currencies',
      'Departments',
      'Ticket categories',
      'Ticket priorities',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Countries' }));
    await screen.findByText('India');
    expect(screen.getByRole('columnheader', { name: 'Code' })).toBeTruthy();
    expect(screen.getByText('IN')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual([
      '/api/admin/masters?kind=department',
      '/api/admin/masters?kind=country',
    ]);
  });

  it('adds an entry with Enter and shows it', async () => {
    renderPage();
    await screen.findByText('Legal');
    const name = screen.getByLabelText('New department');
    fireEvent.change(name, { target: { value: 'Customer Success' } });
    fireEvent.submit(name.closest('form')!);
    await screen.findByText('Customer Success');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'department',
      name: 'Customer Success',
      code: null,
      symbol: null,
    });
    expect((screen.getByLabelText('New department') as HTMLInputElement).value).toBe('');
  });

  it('asks for a name before sending, and shows the host’s refusal', async () => {
    renderPage();
    await screen.findByText('Legal');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(MESSAGES.NAME_REQUIRED)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText('New department'), { target: { value: 'legal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(MESSAGES.NAME_TAKEN)).toBeTruthy();
  });

  it('deactivates, reactivates, renames and moves entries', async () => {
    renderPage();
    await screen.findByText('Legal');
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Legal' }));
    await screen.findByRole('button', { name: 'Reactivate Legal' });
    expect(screen.getByText('Inactive')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate Legal' }));
    await screen.findByRole('button', { name: 'Deactivate Legal' });

    expect((screen.getByRole('button', { name: 'Move Finance up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Legal up' }));
    await waitFor(() => expect(names()).toEqual(['Legal', 'Finance', 'Others']));

    fireEvent.click(screen.getByRole('button', { name: 'Rename Others' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Name');
    fireEvent.change(field, { target: { value: 'Other' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(names()).toEqual(['Legal', 'Finance', 'Other']));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/admin/masters/department-Others',
      body: { name: 'Other', symbol: null },
    });
  });

  it('does not reorder while searching', async () => {
    renderPage();
    await screen.findByText('Legal');
    fireEvent.change(screen.getByLabelText('Search department entries'), { target: { value: 'leg' } });
    await waitFor(() => expect(names()).toEqual(['Legal']));
    expect((screen.getByRole('button', { name: 'Move Legal up' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the list is not allowed', async () => {
    status = 403;
    renderPage();
    expect(await screen.findByText('Not allowed')).toBeTruthy();
    expect(screen.getByText('This needs an administrator')).toBeTruthy();
  });
});
