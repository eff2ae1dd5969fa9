// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { Role } from '../api';
import { ADMIN_ROLE, rolesAnswer } from '../testFixtures';
import { RoleDrawer } from './RoleDrawer';

beforeAll(stubBrowser);
afterEach(cleanup);

const { keys } = rolesAnswer();
const PATH = '/api/m/team/roles/r-admin';

function renderDrawer(server: FakeServer, { edition = 'community', canManage = true } = {}) {
  return renderWithShell(
    <RoleDrawer opened role={ADMIN_ROLE} keys={keys} edition={edition} canManage={canManage} onClose={() => {}} />,
    { server, moduleKey: 'team', rightsKey: 'team_profile' },
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save rights' }) as HTMLButtonElement;

describe('RoleDrawer: the rights matrix', () => {
  it('shows a row per rights key with View and Disabled; premium keys locked for a community company', () => {
    renderDrawer(fakeServer());

    expect(screen.getByRole('dialog', { name: 'Rights of Admin' })).toBeTruthy();
    expect(screen.getByText('Process Vault')).toBeTruthy();
    expect(screen.getByText('team_profile')).toBeTruthy();
    expect(box('View: Process Vault').checked).toBe(true);
    expect(box('Disabled: Process Vault').checked).toBe(false);
    expect(box('View: Process Vault').disabled).toBe(false);

    expect(box('View: Database Integration').disabled).toBe(true);
    expect(box('Disabled: Database Integration').disabled).toBe(true);
    expect(box('Disabled: Database Integration').checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/EnterpriseEdition');
    expect(save().disabled).toBe(true);
  });

  it('saves the whole changed map, the premium key as it was', async () => {
    const server = fakeServer().on('PATCH', PATH, ({ body }) => ({ ...ADMIN_ROLE, ...(body as Partial<Role>) }));
    const shell = renderDrawer(server);

    fireEvent.click(box('View: Team Master'));
    fireEvent.click(box('Disabled: Process Vault'));
    expect(save().disabled).toBe(false);
    fireEvent.click(save());

    await waitFor(() =>
      expect(server.requestsTo('PATCH', PATH).map((request) => request.body)).toEqual([
        {
          rights: {
            process: { view: true, disabled: true },
            team_profile: { view: false, disabled: false },
            databaseIntegration: { view: true, disabled: false },
          },
        },
      ]),
    );
    await waitFor(() =>
      expect(shell.notifications).toEqual([{ message: 'The rights of Admin were saved', kind: 'success' }]),
    );
  });

  it('undoes the changes with Reset, and shows why a save failed', async () => {
    const server = fakeServer().on('PATCH', PATH, reply(400, { message: 'Unknown rights key: chat' }));
    renderDrawer(server);

    fireEvent.click(box('View: Team Master'));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(box('View: Team Master').checked).toBe(true);
    expect(save().disabled).toBe(true);

    fireEvent.click(box('View: Team Master'));
    fireEvent.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown rights key: chat');
  });

  it('lets an enterprise company change premium keys', () => {
    renderDrawer(fakeServer(), { edition: 'enterprise' });

    expect(box('View: Database Integration').disabled).toBe(false);
    expect(box('Disabled: Database Integration').checked).toBe(false);
    expect(screen.queryByText('Upgrade to Premium')).toBeNull();
  });

  it('is read only for a member who is not a company admin', () => {
    renderDrawer(fakeServer(), { canManage: false });

    expect(screen.getAllByRole('checkbox').every((checkbox) => (checkbox as HTMLInputElement).disabled)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save rights' })).toBeNull();
  });
});
