// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithShell, reply, stubBrowser } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { hostWithMasters } from '@common/lib/testHost';
import { aProcess } from '../testFixtures';
import { IdeaForm } from './IdeaForm';

beforeAll(stubBrowser);
afterEach(cleanup);

function withDepartments() {
  return hostWithMasters({ department: ['Finance', 'Sales'] });
}

function renderForm(fake = withDepartments()) {
  const onSubmitted = vi.fn();
  const onClose = vi.fn();
  const shell = renderWithShell(<IdeaForm opened onClose={onClose} onSubmitted={onSubmitted} />, {
    server: fake,
    moduleKey: 'vault',
    rightsKey: 'process',
  });
  return { ...shell, onSubmitted, onClose };
}

describe('IdeaForm', () => {
  it('asks for the name before sending anything', async () => {
    const { server } = renderForm();
    expect(screen.getByRole('dialog', { name: 'Submit an idea' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Submit idea' }));

    expect(await screen.findByText('Please enter the process name')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(server.requestsTo('POST', '/api/m/vault/ideas')).toEqual([]);
  });

  it('submits the idea, says so and closes', async () => {
    const idea = aProcess({ id: 'p9', name: 'Expense claims', stage: 'idea' });
    const { server, notifications, onSubmitted, onClose } = renderForm(
      withDepartments().on('POST', '/api/m/vault/ideas', idea),
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: '  Expense claims ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Typed by hand' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit idea' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.requestsTo('POST', '/api/m/vault/ideas').map((request) => request.body)).toEqual([
      { name: 'Expense claims', description: 'Typed by hand', department: '' },
    ]);
    expect(onSubmitted).toHaveBeenCalledWith(idea);
    expect(notifications).toEqual([{ message: 'Idea submitted', kind: 'success' }]);
  });

  it("shows the server's refusal of a field under that field", async () => {
    const { onClose } = renderForm(
      withDepartments().on(
        'POST',
        '/api/m/vault/ideas',
        reply(400, { message: 'Name must be at most 200 characters' }),
      ),
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Expense claims' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit idea' }));

    expect(await screen.findByText('Name must be at most 200 characters')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });
});
