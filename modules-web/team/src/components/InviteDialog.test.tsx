// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { MESSAGES } from '../generated';
import { NO_EMAILS, NO_ROLE } from '../invite';
import { ADMIN_ROLE, USER_ROLE, invitation } from '../testFixtures';
import { InviteDialog } from './InviteDialog';

beforeAll(stubBrowser);
afterEach(cleanup);

const PATH = '/api/m/team/invitations';

function renderDialog(server: FakeServer, seatsLeft: number | null = 3) {
  const onSent = vi.fn();
  const onClose = vi.fn();
  const shell = renderWithShell(
    <InviteDialog opened roles={[ADMIN_ROLE, USER_ROLE]} seatsLeft={seatsLeft} onSent={onSent} onClose={onClose} />,
    { server, moduleKey: 'team', rightsKey: 'team_profile' },
  );
  return { ...shell, onSent, onClose, dialog: screen.getByRole('dialog', { name: 'Invite people' }) };
}

const addresses = () => screen.getByRole('textbox', { name: 'E-mail addresses' });

function fill(text: string, role: string | null = 'User') {
  fireEvent.change(addresses(), { target: { value: text } });
  if (role) {
    fireEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    fireEvent.click(screen.getByRole('option', { name: role }));
  }
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));

describe('InviteDialog', () => {
  it('asks for addresses and a role before sending anything', async () => {
    const { server } = renderDialog(fakeServer());

    send();

    expect(await screen.findByText(NO_EMAILS)).toBeTruthy();
    expect(screen.getByText(NO_ROLE)).toBeTruthy();
    expect(addresses().getAttribute('aria-invalid')).toBe('true');

    fill('ada@example.com, grace@', null);
    send();
    expect(await screen.findByText('grace@ is not a valid e-mail address')).toBeTruthy();
    expect(server.requestsTo('POST', PATH)).toEqual([]);
  });

  it('sends every address with the role, and says how many went', async () => {
    const server = fakeServer().on('POST', PATH, ({ body }) =>
      (body as { emails: string[] }).emails.map((email, n) => invitation({ id: `n${n}`, email })),
    );
    const { notifications, onSent, onClose } = renderDialog(server);
    expect(screen.getByText('3 seats left on the community edition')).toBeTruthy();

    fill('Ada@Example.com, grace@example.com\nbob@example.com  ada@example.com');
    expect(screen.getByText('3 addresses')).toBeTruthy();
    send();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.requestsTo('POST', PATH).map((request) => request.body)).toEqual([
      { emails: ['ada@example.com', 'grace@example.com', 'bob@example.com'], role_id: 'r-user' },
    ]);
    expect(notifications).toEqual([{ message: '3 invitations sent', kind: 'success' }]);
    expect(onSent).toHaveBeenCalledWith([
      expect.objectContaining({ email: 'ada@example.com' }),
      expect.anything(),
      expect.anything(),
    ]);
  });

  it('sends with Ctrl+Enter from the addresses', async () => {
    const server = fakeServer().on('POST', PATH, [invitation({ id: 'n1', email: 'ada@example.com' })]);
    const { onClose } = renderDialog(server, null);
    expect(screen.queryByText(/seats? left/)).toBeNull();

    fill('ada@example.com', 'Admin');
    fireEvent.keyDown(addresses(), { key: 'Enter', ctrlKey: true });

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.requestsTo('POST', PATH).map((request) => request.body)).toEqual([
      { emails: ['ada@example.com'], role_id: 'r-admin' },
    ]);
  });

  it('shows the seat limit with the way to the enterprise edition', async () => {
    const server = fakeServer().on('POST', PATH, reply(403, { message: MESSAGES.SEATS_FULL }));
    const { dialog, onClose } = renderDialog(server, 1);

    fill('ada@example.com grace@example.com');
    // More addresses than seats: said before sending.
    expect(within(screen.getByRole('status')).getByText('1 seat left on the community edition')).toBeTruthy();
    send();

    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText(MESSAGES.SEATS_FULL)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe(
      '/EnterpriseEdition',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the host's refusal of an address under the addresses", async () => {
    const server = fakeServer().on('POST', PATH, reply(409, { message: 'bob@example.com is a member already' }));
    renderDialog(server);

    fill('bob@example.com');
    send();

    expect(await screen.findByText('bob@example.com is a member already')).toBeTruthy();
    expect(addresses().getAttribute('aria-invalid')).toBe('true');
  });
});
