// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { useRoles, type Role } from '../api';
import { USER_ROLE } from '../testFixtures';
import { teamServer } from '../testServer';
import { RolesPanel } from './RolesPanel';

beforeAll(stubBrowser);
afterEach(cleanup);

const IN_USE = 'Members hold this role: give them another role first';

function Panel({ canManage }: { canManage: boolean }) {
  return <RolesPanel roles={useRoles()} canManage={canManage} />;
}

function renderPanel(server: FakeServer, canManage = true) {
  return renderWithShell(<Panel canManage={canManage} />, { server, moduleKey: 'team', rightsKey: 'team_profile' });
}

async function rowOf(name: string) {
  return (await screen.findByRole('button', { name })).closest('tr')!;
}

describe('RolesPanel', () => {
  it('lists the roles with how many hold each', async () => {
    renderPanel(teamServer());

    const user = await rowOf('User');
    expect(within(user).getByText('3')).toBeTruthy();
    expect(within(user).getByRole('button', { name: 'Edit rights' })).toBeTruthy();
    expect(screen.getByText(/premium modules stay disabled/)).toBeTruthy();
  });

  it('copies a role: a new one with its rights, whose rights open next', async () => {
    const server = teamServer().on('POST', '/api/m/team/roles', ({ body }) => ({
      id: 'r-new',
      members: 0,
      ...(body as Pick<Role, 'name' | 'rights'>),
    }));
    const shell = renderPanel(server);

    fireEvent.click(within(await rowOf('User')).getByRole('button', { name: 'More for User' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy the role' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Copy of User');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create copy' }));

    await waitFor(() =>
      expect(server.requestsTo('POST', '/api/m/team/roles').map((request) => request.body)).toEqual([
        { name: 'Copy of User', rights: USER_ROLE.rights },
      ]),
    );
    expect(await screen.findByRole('dialog', { name: 'Rights of Copy of User' })).toBeTruthy();
    expect(shell.notifications).toEqual([{ message: 'The role Copy of User was created', kind: 'success' }]);
  });

  it("shows the host's refusal to delete a role members hold", async () => {
    const server = teamServer().on('DELETE', '/api/m/team/roles/r-user', reply(409, { message: IN_USE }));
    renderPanel(server);

    fireEvent.click(within(await rowOf('User')).getByRole('button', { name: 'More for User' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the role' });
    expect(within(confirm).getByText(/3 members hold User/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete role' }));

    expect((await within(confirm).findByRole('alert')).textContent).toBe(IN_USE);
  });

  it('asks for a new role’s name, and says when it is taken', async () => {
    const server = teamServer().on(
      'POST',
      '/api/m/team/roles',
      reply(409, { message: 'A role with this name already exists' }),
    );
    renderPanel(server);

    fireEvent.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('Please enter a role name')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('A role with this name already exists')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('has nothing to change for a member who is not a company admin', async () => {
    renderPanel(teamServer(), false);

    expect(within(await rowOf('User')).getByRole('button', { name: 'View rights' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New role' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More for User' })).toBeNull();
  });
});
