// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MemoryRouter, Route, Routes } from 'react-router';
import { stubBrowser } from '@autoscope/web-sdk/testing';

import EnterpriseEdition from '../../src/public/enterprise/EnterpriseEdition';
import { SessionProvider, useSession } from '../../src/session';
import { Snackbars } from '../../src/ui';
import { stubHost, type HostAnswers, type HostRequest } from '../fakeHost';
import { userData } from '../fixtures';
import { MASTER_OPTIONS } from './masterOptions';

beforeAll(stubBrowser);

vi.mock('../../src/options/flags', () => ({ flagUrl: () => undefined }));

let answers: HostAnswers;
let requests: HostRequest[];

beforeEach(() => {
  localStorage.clear();
  requests = [];
  answers = { '/api/masters/options': { status: 200, body: MASTER_OPTIONS } };
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // The browser's own alert is never used.
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  stubHost(answers, requests);
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Signs Ann in first when `signedIn`, then shows the form. */
function Page({ signedIn }: { signedIn: boolean }) {
  const { session, signIn } = useSession();
  if (signedIn && !session) {
    void signIn('tok', userData());
    return null;
  }
  return <EnterpriseEdition />;
}

function renderForm(signedIn: boolean) {
  return render(
    <MantineProvider env="test">
      <Snackbars />
      <SessionProvider>
        <MemoryRouter initialEntries={['/EnterpriseEdition']}>
          <Routes>
            <Route path="/EnterpriseEdition" element={<Page signedIn={signedIn} />} />
            <Route path="/BusinessInsight" element={<p>Business Insight</p>} />
            <Route path="/" element={<p>Login page</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </MantineProvider>,
  );
}

/** The snackbar showing `text`, as `kind: text`. */
async function snackbar(text: string) {
  const notice = (await screen.findAllByText(text)).map((element) => element.closest('[data-notice]')).find(Boolean);
  return `${notice?.getAttribute('data-notice')}: ${notice?.textContent}`;
}

/** Fills what the session does not (country and phone number) and sends the form. */
async function register() {
  fireEvent.click(await screen.findByRole('combobox', { name: 'Country' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Germany' }));
  const phone = screen.getAllByRole('textbox').find((box) => box.getAttribute('autocomplete') === 'tel')!;
  fireEvent.change(phone, { target: { value: '+49 30 1234567' } });
  fireEvent.click(screen.getByRole('button', { name: 'Register' }));
}

const subscriptions = () => requests.filter((request) => request.path === '/api/users/enterpriseEditionSubscribers');

describe('the enterprise form', { timeout: 20_000 }, () => {
  it("without a session says 'User not found please login', clears storage and goes to the login page", async () => {
    localStorage.setItem('left-behind', 'yes');
    renderForm(false);

    expect(await snackbar('User not found please login')).toBe('failure: User not found please login');
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(localStorage.length).toBe(0);
    expect(window.alert).not.toHaveBeenCalled();
    expect(subscriptions()).toEqual([]);
  });

  it("thanks a subscriber with the app's success message and goes back to the app", async () => {
    answers['/api/users/enterpriseEditionSubscribers'] = { status: 200, body: { message: 'User subscribed' } };
    renderForm(true);
    await register();

    expect(await snackbar('Thank you for subscribing')).toBe('success: Thank you for subscribing');
    expect(await screen.findByText('Business Insight')).toBeTruthy();
    expect(subscriptions()).toHaveLength(1);
    expect(subscriptions()[0]!.body).toMatchObject({ country: 'DE', contactNumber: '+49301234567' });
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('says a failure in the snackbar and on the form, and keeps what was typed', async () => {
    answers['/api/users/enterpriseEditionSubscribers'] = { status: 500, body: { message: 'Something went wrong' } };
    renderForm(true);
    await register();

    expect(await snackbar('Something went wrong')).toBe('failure: Something went wrong');
    const onForm = screen.getAllByRole('alert').find((alert) => !alert.closest('[data-notice]'))!;
    expect(within(onForm).getByText('Something went wrong')).toBeTruthy();
    expect(within(onForm).getByText('Your request was not sent. Please try again.')).toBeTruthy();
    expect((screen.getByLabelText('Name', { selector: 'input' }) as HTMLInputElement).value).toBe('Ann Lee');
    expect(screen.queryByText('Business Insight')).toBeNull();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('shows a number the host refuses under Contact Number', async () => {
    const refused = 'Please enter a valid Mobile Number';
    answers['/api/users/enterpriseEditionSubscribers'] = { status: 400, body: { message: refused } };
    renderForm(true);
    await register();

    expect(await snackbar('Something went wrong')).toBe('failure: Something went wrong');
    // On the form, after the field's label (the snackbar says the spec's words).
    const error = screen.getByText(refused);
    expect(error.closest('[data-notice]')).toBeNull();
    const label = screen.getByText('Contact Number');
    expect(label.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' }).compareDocumentPosition(error)).toBe(
      Node.DOCUMENT_POSITION_PRECEDING,
    );
  });
});
