// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { MESSAGES } from './generated';
import TeamMasterPage from './TeamMasterPage';
import { BOB, membersAnswer } from './testFixtures';
import { teamServer } from './testServer';

beforeAll(stubBrowser);
afterEach(cleanup);

function renderPage(server: FakeServer, url = '/TeamMaster') {
  return renderWithShell(<TeamMasterPage />, { server, moduleKey: 'team', rightsKey: 'team_profile', url });
}

const table = () => screen.getByRole('table', { name: 'Members' });
/** The names in the members table, in order. */
const shownNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('button')?.textContent);

/** Picks `option` of the select `label` (in `container`, the whole page by default). */
function choose(label: string, option: string, container: HTMLElement = document.body) {
  fireEvent.click(within(container).getByRole('combobox', { name: label }));
  fireEvent.click(within(container).getByRole('option', { name: option }));
}

// A whole page renders in each: more time than a form's test.
describe('TeamMasterPage: members', { timeout: 15_000 }, () => {
  it('lists the members with their role, department, job title, status and sign-ins', async () => {
    renderPage(teamServer());

    expect(await screen.findByRole('button', { name: 'Ann Archer' })).toBeTruthy();
    expect(shownNames()).toEqual(['Ann Archer', 'Bob Baker', 'Cy Cole', 'Dora Dane']);
    const cy = within(table()).getByRole('button', { name: 'Cy Cole' }).closest('tr')!;
    expect(within(cy).getByText('cy@acme.test')).toBeTruthy();
    expect(within(cy).getByText('Legal')).toBeTruthy();
    expect(within(cy).getByText('Deactivated')).toBeTruthy();
    expect(within(cy).getByText('Never')).toBeTruthy();
    expect(within(table()).getByText('Former member')).toBeTruthy();
    expect(within(table()).getByText('You')).toBeTruthy();
    expect(screen.getByText('2 seats left on the community edition')).toBeTruthy();
    expect(screen.getByText('1–4 of 4 members')).toBeTruthy();
  });

  // Typing waits for the list's debounce: slower than the others.
  it('searches, filters by role and status, and keeps it in the URL', { timeout: 25_000 }, async () => {
    const shell = renderPage(teamServer());
    await screen.findByRole('button', { name: 'Ann Archer' });

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'bak' } });
    // The list follows 300 ms after the last key.
    await waitFor(() => expect(shownNames()).toEqual(['Bob Baker']), { timeout: 3000 });
    // The URL follows the same commit, on its own render.
    await waitFor(() => expect(shell.location().search).toBe('?q=bak'));

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(shownNames()).toHaveLength(4));

    choose('Role', 'User');
    expect(shownNames()).toEqual(['Bob Baker', 'Cy Cole', 'Dora Dane']);
    choose('Status', 'Deactivated');
    expect(shownNames()).toEqual(['Cy Cole']);
    await waitFor(() => expect(shell.location().search).toBe('?role=r-user&status=deactivated'));

    choose('Role', 'Admin');
    expect(screen.getByText('No members match these filters')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(shownNames()).toHaveLength(4));
  });

  it('sorts by a column header, both ways', async () => {
    renderPage(teamServer());
    await screen.findByRole('button', { name: 'Ann Archer' });

    fireEvent.click(screen.getByRole('button', { name: 'Joined' }));
    expect(shownNames()).toEqual(['Ann Archer', 'Bob Baker', 'Cy Cole', 'Dora Dane']);
    fireEvent.click(screen.getByRole('button', { name: 'Last sign-in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Last sign-in' }));
    expect(screen.getByRole('columnheader', { name: 'Last sign-in' }).getAttribute('aria-sort')).toBe('descending');
    expect(shownNames().at(-1)).toBe('Cy Cole');
  });

  it('says why the members could not be loaded', async () => {
    renderPage(teamServer().on('GET', '/api/m/team/members', reply(403, { message: 'No right' })));

    expect(await screen.findByText('The members could not be loaded')).toBeTruthy();
    expect(screen.getByText('No right')).toBeTruthy();
    // A refusal is no failure a retry mends.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("opens a member's details and history", async () => {
    renderPage(teamServer(), '/TeamMaster?member=u2');

    const drawer = await screen.findByRole('dialog', { name: 'Bob Baker' });
    expect(within(drawer).getByText('Accountant')).toBeTruthy();
    expect(await within(drawer).findByText('ann@acme.test gave bob@acme.test the role User')).toBeTruthy();
    expect(within(drawer).getByText('Finance & Accounting')).toBeTruthy();
    // The fact, and the history's first entry.
    expect(within(drawer).getAllByText('Joined')).toHaveLength(2);
  });
});

describe('TeamMasterPage: who may change the team', { timeout: 15_000 }, () => {
  it('gives a company admin the invite button and the actions on a member', async () => {
    const shell = renderPage(teamServer(), '/TeamMaster?member=u2');

    const drawer = await screen.findByRole('dialog', { name: 'Bob Baker' });
    for (const action of ['Change role', 'Make company admin', 'Deactivate', 'Remove from company']) {
      expect(within(drawer).getByRole('button', { name: action })).toBeTruthy();
    }
    expect(
      within(screen.getByRole('banner', { name: 'Page title' })).getByRole('button', { name: 'Invite people' }),
    ).toBeTruthy();
    expect(shell.title()?.buttons?.map((button) => button.label)).toEqual(['Invite people', 'Export CSV']);
  });

  it('shows a member everything read-only', async () => {
    const shell = renderPage(
      teamServer(membersAnswer({ can_manage: false, me: BOB.user_id })),
      '/TeamMaster?member=u2',
    );

    const drawer = await screen.findByRole('dialog', { name: 'Bob Baker' });
    expect(await within(drawer).findByText('bob@acme.test accepted the invitation as User')).toBeTruthy();
    // Where a change came from, when the host knows it.
    expect(within(drawer).getByText(/from 203\.0\.113\.7$/)).toBeTruthy();
    expect(within(drawer).getAllByText(/ · from /)).toHaveLength(1);
    expect(within(drawer).queryByRole('button', { name: 'Change role' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(within(drawer).queryByText('Manage')).toBeNull();
    expect(shell.title()?.buttons?.map((button) => button.label)).toEqual(['Export CSV']);

    fireEvent.click(screen.getByRole('tab', { name: /Invitations/ }));
    expect(await screen.findByText('eve@acme.test')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('changes a role after asking which', async () => {
    const server = teamServer().on('PATCH', '/api/m/team/members/u2', { ...BOB, role_id: 'r-admin', role: 'Admin' });
    const shell = renderPage(server, '/TeamMaster?member=u2');

    const drawer = await screen.findByRole('dialog', { name: 'Bob Baker' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Bob Baker' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await within(dialog).findByText('Bob Baker has this role already')).toBeTruthy();

    choose('Role', 'Admin', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));

    await waitFor(() =>
      expect(server.requestsTo('PATCH', '/api/m/team/members/u2').map((request) => request.body)).toEqual([
        { role_id: 'r-admin' },
      ]),
    );
    await waitFor(() =>
      expect(shell.notifications).toEqual([{ message: 'Bob Baker now has the role Admin', kind: 'success' }]),
    );
  });

  it("shows the host's refusal to leave the company without an admin", async () => {
    const server = teamServer().on('PATCH', '/api/m/team/members/user-1', reply(409, { message: MESSAGES.LAST_ADMIN }));
    renderPage(server, '/TeamMaster?member=user-1');

    const drawer = await screen.findByRole('dialog', { name: 'Ann Archer' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Revoke company admin' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke company admin of Ann Archer' });
    expect(within(confirm).getByText(/can no longer invite people/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke company admin' }));

    expect((await within(confirm).findByRole('alert')).textContent).toBe(MESSAGES.LAST_ADMIN);
    expect(server.requestsTo('PATCH', '/api/m/team/members/user-1').map((request) => request.body)).toEqual([
      { company_admin: false },
    ]);
  });

  it('removes a member after a confirmation', async () => {
    const server = teamServer().on('DELETE', '/api/m/team/members/u2', { ...BOB, status: 'removed' });
    const shell = renderPage(server, '/TeamMaster?member=u2');

    const drawer = await screen.findByRole('dialog', { name: 'Bob Baker' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove from company' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Bob Baker from the company' });
    expect(within(confirm).getByText(/listed as a former member/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove from company' }));

    await waitFor(() =>
      expect(shell.notifications).toEqual([{ message: 'Bob Baker was removed from the company', kind: 'success' }]),
    );
    expect(server.requestsTo('DELETE', '/api/m/team/members/u2')).toHaveLength(1);
  });

  it('shows the invitations of the status the URL names, and keeps a change in it', async () => {
    const { location } = renderPage(teamServer(), '/TeamMaster?tab=invitations&invitations=revoked');
    expect(await screen.findByText('gus@acme.test')).toBeTruthy();
    expect(screen.queryByText('eve@acme.test')).toBeNull();
    expect((screen.getByRole('radio', { name: 'Revoked (1)' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Pending (1)' }));
    expect(await screen.findByText('eve@acme.test')).toBeTruthy();
    expect(location().search).toBe('?tab=invitations&invitations=pending');
  });

  it('resends an invitation, and shows the seat limit with the way to Premium', async () => {
    const server = teamServer().on(
      'POST',
      '/api/m/team/invitations/:id/resend',
      reply(403, { message: MESSAGES.SEATS_FULL }),
    );
    renderPage(server, '/TeamMaster?tab=invitations');

    expect(await screen.findByText('finn@acme.test')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Pending (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend the invitation of finn@acme.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend the invitation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));

    expect(await within(dialog).findByText(MESSAGES.SEATS_FULL)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe(
      '/EnterpriseEdition',
    );
    expect(server.requestsTo('POST', '/api/m/team/invitations/i2/resend')).toHaveLength(1);
  });
});
