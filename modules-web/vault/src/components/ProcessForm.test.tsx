// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithShell, reply, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { ADA } from '@common/domain/testFixtures';
import { hostWithMasters } from '@common/lib/testHost';
import { aProcess } from '../testFixtures';
import type { Process } from '../types';
import { MESSAGES } from '../validation';
import { ProcessForm } from './ProcessForm';

beforeAll(stubBrowser);
afterEach(cleanup);

function vaultServer(): FakeServer {
  return hostWithMasters({ department: ['Finance', 'Sales'] }).on('GET', '/api/m/vault/people', [ADA]);
}

function renderForm(process: Process | null, server: FakeServer) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const shell = renderWithShell(<ProcessForm opened process={process} onClose={onClose} onSaved={onSaved} />, {
    server,
    moduleKey: 'vault',
    rightsKey: 'process',
  });
  return { ...shell, onSaved, onClose };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('ProcessForm', () => {
  it('marks every wrong field of a new process and sends nothing', async () => {
    const { server } = renderForm(null, vaultServer());
    expect(screen.getByRole('dialog', { name: 'New process' })).toBeTruthy();

    fireEvent.change(field('Exception rate'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create process' }));

    expect(await screen.findByText(MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.exceptionRate)).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Exception rate').getAttribute('aria-invalid')).toBe('true');
    expect(server.requestsTo('POST', '/api/m/vault/processes')).toEqual([]);
  });

  it('sends only the changed fields of an edit, with its version', async () => {
    const process = aProcess();
    const server = vaultServer().on('PATCH', '/api/m/vault/processes/p1', ({ body }) => ({
      ...process,
      ...(body as object),
      version: 4,
    }));
    const { notifications, onSaved, onClose } = renderForm(process, server);
    expect(screen.getByRole('dialog', { name: 'Edit Invoice matching' })).toBeTruthy();
    expect(field('Monthly volume')).toHaveProperty('value', '1,200');

    fireEvent.change(field('Monthly volume'), { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('radio', { name: 'High' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.requestsTo('PATCH', '/api/m/vault/processes/p1').map((request) => request.body)).toEqual([
      { version: 3, monthly_volume: 1500, complexity: 'high' },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ version: 4, monthly_volume: 1500 }));
    expect(notifications).toEqual([{ message: 'Process saved', kind: 'success' }]);
  });

  it('says so above the buttons when someone else saved first', async () => {
    const { onClose } = renderForm(
      aProcess(),
      vaultServer().on(
        'PATCH',
        '/api/m/vault/processes/p1',
        reply(409, { message: 'The process was changed by someone else' }),
      ),
    );

    fireEvent.change(field('Monthly volume'), { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The process was changed by someone else');
    expect(onClose).not.toHaveBeenCalled();
  });
});
