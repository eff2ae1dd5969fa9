// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEST_USER, renderWithShell, stubBrowser, type FakeServer } from '@autoscope/web-sdk/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { ZONE, calendarServer } from '../testServer';
import type { NonWorking } from '../types';
import { SettingsDrawer } from './SettingsDrawer';

beforeAll(stubBrowser);
afterEach(cleanup);

const NEW_URL = 'https://portal.test/api/m/calendar/feed.ics?person_id=user-1&token=new';
const HOLIDAY: NonWorking = {
  id: 'h1',
  version: 1,
  name: 'Carnival',
  kind: 'holiday',
  start: Date.UTC(2026, 1, 16) / 1000,
  end: Date.UTC(2026, 1, 17) / 1000,
  all_day: true,
};

function settingsServer(): FakeServer {
  return calendarServer()
    .on('GET', '/api/m/calendar/feed', { url: null, active: true })
    .on('POST', '/api/m/calendar/feed', { url: NEW_URL, active: true })
    .on('DELETE', '/api/m/calendar/feed', { url: null, active: false })
    .on('GET', '/api/m/calendar/non-working', [HOLIDAY]);
}

function renderSettings(server = settingsServer(), companyAdmin = false) {
  const onClose = vi.fn();
  const shell = renderWithShell(
    <SettingsDrawer opened onClose={onClose} today="2026-03-03" zone={ZONE} companyAdmin={companyAdmin} />,
    { server, moduleKey: 'calendar', user: { ...TEST_USER, companyAdmin } },
  );
  return { ...shell, onClose };
}

const feedUrl = () => (screen.getByRole('textbox', { name: 'Subscription URL' }) as HTMLInputElement).value;

describe('SettingsDrawer', () => {
  it('makes a new subscription URL after asking, shows it once to copy, and turns it off', async () => {
    const { server, notifications, onClose } = renderSettings();
    // Only the URL's hash is stored: an active feed has no URL to show.
    expect(await screen.findByText(/The subscription is on/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Subscription URL' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'New URL' }));
    const confirm = await screen.findByRole('dialog', { name: 'New subscription URL' });
    expect(within(confirm).getByText(/current URL stops working/)).toBeTruthy();
    // Escape closes the question only, not the drawer below it.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New subscription URL' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'New URL' }));
    const again = await screen.findByRole('dialog', { name: 'New subscription URL' });
    expect(server.requestsTo('POST', '/api/m/calendar/feed')).toHaveLength(0);
    fireEvent.click(within(again).getByRole('button', { name: 'Make a new URL' }));
    await waitFor(() => expect(feedUrl()).toBe(NEW_URL));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByText('Copy it now: it is not shown again.')).toBeTruthy();
    expect(notifications).toContainEqual({ message: 'New subscription URL made', kind: 'success' });

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('The subscription is off.')).toBeTruthy();
    expect(server.requestsTo('DELETE', '/api/m/calendar/feed')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(feedUrl()).toBe(NEW_URL));
    expect(server.requestsTo('POST', '/api/m/calendar/feed')).toHaveLength(2);
  });

  it('exports the chosen days as an .ics file', async () => {
    // jsdom has no object URLs: saveBlob's are caught here.
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => blobs.push(blob) && 'blob:calendar',
      revokeObjectURL: () => undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const server = settingsServer().on('GET', '/api/m/calendar/export', {
      filename: 'calendar.ics',
      content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
    });
    renderSettings(server);
    fireEvent.change(screen.getByLabelText('First day', { selector: 'input' }), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getAllByLabelText('Last day', { selector: 'input' })[0]!, {
      target: { value: '2026-03-31' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export .ics' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(Object.fromEntries(server.requestsTo('GET', '/api/m/calendar/export')[0]!.query)).toEqual({
      from: String(Date.UTC(2026, 2, 1) / 1000),
      to: String(Date.UTC(2026, 3, 1) / 1000),
    });
    expect(blobs[0]!.type).toBe('text/calendar');
    expect(blobs[0]!.size).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'.length);
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
  });

  it('imports an .ics file and says what came in and what was skipped', async () => {
    const server = settingsServer().on('POST', '/api/m/calendar/import', {
      imported: 2,
      skipped: ['Lunch: no start time'],
    });
    renderSettings(server);
    const content = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([content], 'team.ics', { type: 'text/calendar' })] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));

    const result = await screen.findByRole('status');
    expect(within(result).getByText(/Imported 2 events; 1 skipped:/)).toBeTruthy();
    expect(within(result).getByText('Lunch: no start time')).toBeTruthy();
    expect(server.requestsTo('POST', '/api/m/calendar/import')[0]!.body).toEqual({ content });
  });

  it('lists non-working days read-only for members, changeable for company admins', async () => {
    renderSettings();
    expect(await screen.findByText('Carnival')).toBeTruthy();
    expect(screen.getByText('Mon 16 Feb 2026, all day')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Carnival' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    cleanup();

    const server = settingsServer().on('POST', '/api/m/calendar/non-working', { ...HOLIDAY, id: 'h2' });
    renderSettings(server, true);
    expect(await screen.findByRole('button', { name: 'Edit Carnival' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'New non-working day' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Easter Monday' } });
    fireEvent.change(within(dialog).getByLabelText('First day'), { target: { value: '2026-04-06' } });
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '2026-04-06' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.requestsTo('POST', '/api/m/calendar/non-working')).toHaveLength(1));
    expect(server.requestsTo('POST', '/api/m/calendar/non-working')[0]!.body).toEqual({
      name: 'Easter Monday',
      kind: 'holiday',
      start: Date.UTC(2026, 3, 6) / 1000,
      end: Date.UTC(2026, 3, 7) / 1000,
      all_day: true,
    });
  });

  it('lets a company admin rename and delete a non-working day', async () => {
    const server = settingsServer()
      .on('PUT', '/api/m/calendar/non-working/h1', { ...HOLIDAY, name: 'Carnival Monday', version: 2 })
      .on('DELETE', '/api/m/calendar/non-working/h1', { ok: true });
    renderSettings(server, true);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Carnival' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit non-working day' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Carnival Monday' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requestsTo('PUT', '/api/m/calendar/non-working/h1')).toHaveLength(1));
    expect(server.requestsTo('PUT', '/api/m/calendar/non-working/h1')[0]!.body).toEqual({
      name: 'Carnival Monday',
      kind: 'holiday',
      start: HOLIDAY.start,
      end: HOLIDAY.end,
      all_day: true,
      version: 1,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Carnival' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete non-working day' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.requestsTo('DELETE', '/api/m/calendar/non-working/h1')).toHaveLength(1));
  });
});
