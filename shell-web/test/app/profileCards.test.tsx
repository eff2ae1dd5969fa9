// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { stubBrowser } from '@autoscope/web-sdk/testing';
import type { ReactNode } from 'react';

import { DeletionRequestsPage, deletionState } from '../../src/app/pages/admin/DeletionRequestsPage';
import { COMPANY_NAME_TAKEN, CreateCompanyPage } from '../../src/app/pages/CreateCompanyPage';
import { CurrencyCard } from '../../src/app/pages/profile/CurrencyCard';
import {
  CONFIRMATION_REQUIRED,
  DeletionCard,
  PASSWORD_REQUIRED,
  deletionBody,
} from '../../src/app/pages/profile/DeletionCard';
import { DetailsCard, detailsBody, detailsOf } from '../../src/app/pages/profile/DetailsCard';
import { CODE_REQUIRED, EmailCard, SAME_EMAIL, codeError, newEmailError } from '../../src/app/pages/profile/EmailCard';
import { PasswordCard, passwordRequest } from '../../src/app/pages/profile/PasswordCard';
import { SessionProvider, useSession, type Session, type UserData } from '../../src/session';
import { errorUnder } from '../fieldError';
import { stubHost, type HostAnswers, type HostRequest } from '../fakeHost';
import { userData } from '../fixtures';

beforeAll(stubBrowser);

/** The host's lists (GET /api/masters/options) the selects offer. */
const MASTER_OPTIONS = {
  genders: ['Male', 'Female', 'Others'],
  departments: ['Information Technology', 'Legal', 'Others'],
  countries: [
    { code: 'DE', name: 'Germany' },
    { code: 'IN', name: 'India' },
  ],
  currencies: [
    { code: 'EUR', name: 'Euro', symbol: '€' },
    { code: 'INR', name: 'Indian rupee', symbol: '₹' },
  ],
};

vi.mock('../../src/options/flags', () => ({ flagUrl: () => undefined }));

const USER = userData({
  gender: 'Female',
  country: 'IN',
  department: 'Legal',
  currency_name: 'INR',
  currency_symbol: '₹',
  company_admin: true,
});

let answers: HostAnswers;
let requests: HostRequest[];

beforeEach(() => {
  localStorage.clear();
  requests = [];
  answers = { '/api/masters/options': { status: 200, body: MASTER_OPTIONS } };
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  stubHost(answers, requests);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Who the session provider holds now. */
function Who() {
  const { session } = useSession();
  return <p data-testid="who">{session ? `${session.userdata.email} ${String(session.userdata.has_password)}` : ''}</p>;
}

/** Signs `userdata` in, then shows `card` of that session. */
function SignedIn({ userdata, card }: { userdata: UserData; card: (session: Session) => ReactNode }) {
  const { session, signIn } = useSession();
  if (!session) {
    void signIn('tok', userdata);
    return null;
  }
  return (
    <>
      {card(session)}
      <Who />
    </>
  );
}

function renderCard(card: (session: Session) => ReactNode, userdata: UserData = USER) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <SessionProvider>
          <SignedIn userdata={userdata} card={card} />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const field = (name: string) =>
  screen.getByLabelText(new RegExp(`^${name}`), { selector: 'input' }) as HTMLInputElement;
const sent = (path: string) => requests.filter((request) => request.path === path);

describe('the profile cards’ rules', () => {
  it('sends every detail, trimmed', () => {
    const values = { ...detailsOf(USER), firstname: ' Anna ', job_title: ' CoE lead ' };
    expect(detailsBody(values)).toEqual({
      firstname: 'Anna',
      lastname: 'Lee',
      gender: 'Female',
      country: 'IN',
      job_title: 'CoE lead',
      department: 'Legal',
      time_zone: '',
    });
  });

  it('checks the new address and the code', () => {
    expect(newEmailError('nope', 'ann@acme.test')).toBe('Please enter valid Email');
    expect(newEmailError(' ANN@acme.test ', 'ann@acme.test')).toBe(SAME_EMAIL);
    expect(newEmailError('ann@new.test', 'ann@acme.test')).toBeNull();
    expect(codeError(' ')).toBe(CODE_REQUIRED);
    expect(codeError('12a456')).toBe('Otp Code not valid');
    expect(codeError(' 123456 ')).toBeNull();
  });

  it('changes a password with the current one and sets a first one without', () => {
    const values = { currentPassword: 'Old#Pass1', newPassword: 'New#Pass1' };
    expect(passwordRequest(true, values)).toEqual({ path: '/users/changePassword', body: values });
    expect(passwordRequest(false, values)).toEqual({ path: '/users/setPassword', body: { newPassword: 'New#Pass1' } });
  });

  it('confirms a deletion with the password, or DELETE typed without one', () => {
    expect(deletionBody(true, '')).toEqual({ error: PASSWORD_REQUIRED });
    expect(deletionBody(true, 'secret')).toEqual({ body: { password: 'secret' } });
    expect(deletionBody(false, 'delete')).toEqual({ error: CONFIRMATION_REQUIRED });
    expect(deletionBody(false, ' DELETE ')).toEqual({ body: { confirmation: 'DELETE' } });
  });

  it('tells pending requests from carried out ones', () => {
    const row = { user_id: 'u', name: 'Ann Lee', email: 'a@b.co', requested_at: '', due_at: '', completed_at: null };
    expect(deletionState(row).label).toBe('Pending');
    expect(deletionState({ ...row, completed_at: '2026-01-02T10:00:00Z' }).label).toMatch(/^Deleted /);
  });
});

describe('the profile cards', { timeout: 20_000 }, () => {
  it('changes the e-mail address in two steps and keeps the session', async () => {
    answers['/api/users/changeEmail'] = {
      status: 200,
      body: { message: 'We have sent a code to your new email address.' },
    };
    answers['/api/users/confirmEmailChange'] = (body) =>
      body.code === '123456'
        ? { status: 200, body: { ...USER, email: 'ann@new.test' } }
        : { status: 400, body: { message: 'Otp Code not valid' } };
    renderCard((session) => <EmailCard session={session} />);

    fireEvent.change(await screen.findByLabelText(/New email address/), { target: { value: ' Ann@New.test ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('ann@new.test')).toBeTruthy();
    expect(sent('/api/users/changeEmail').map((request) => request.body)).toEqual([{ email: 'Ann@New.test' }]);

    fireEvent.change(field('Code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm new address' }));
    expect(await screen.findAllByText('Otp Code not valid')).not.toHaveLength(0);

    fireEvent.change(field('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm new address' }));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('ann@new.test true'));
    expect(await screen.findByText('Email address changed')).toBeTruthy();
  });

  it('lets an account without a password set one, without a current password', async () => {
    answers['/api/users/setPassword'] = { status: 200, body: { message: 'Password set' } };
    renderCard((session) => <PasswordCard session={session} />, { ...USER, has_password: false });

    expect(await screen.findByRole('heading', { name: 'Set a password' })).toBeTruthy();
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    fireEvent.change(field('New password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.change(field('Confirm new password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set a password' }));

    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('ann@acme.test true'));
    expect(sent('/api/users/setPassword').map((request) => request.body)).toEqual([{ newPassword: 'Str0ng!pass' }]);
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
  });

  it('asks for the current password of an account that has one', async () => {
    renderCard((session) => <PasswordCard session={session} />);
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(sent('/api/users/changePassword')).toEqual([]);
  });

  it('changes the company currency with the chosen symbol', async () => {
    answers['/api/users/companyCurrency'] = (body) => ({
      status: 200,
      body: { ...USER, currency_name: body.currency_name, currency_symbol: body.currency_symbol },
    });
    renderCard((session) => <CurrencyCard session={session} />);

    fireEvent.click(await screen.findByRole('combobox', { name: /Currency/ }));
    fireEvent.click(await screen.findByRole('option', { name: /EUR/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save currency' }));

    expect(await screen.findByText('Company currency changed')).toBeTruthy();
    expect(sent('/api/users/companyCurrency').map((request) => request.body)).toEqual([
      { currency_name: 'EUR', currency_symbol: '€' },
    ]);
  });

  it('requests a deletion with the password, shows it pending, and cancels it', async () => {
    answers['/api/users/dataDeletion'] = { status: 200, body: { pending: false, requested_at: null, due_at: null } };
    answers['/api/users/requestDataDeletion'] = (body) =>
      body.password === 'Tr4vel-Kite#2'
        ? { status: 200, body: { pending: true, requested_at: '2026-11-26T10:00:00Z', due_at: '2026-11-27T10:00:00Z' } }
        : { status: 400, body: { message: 'Current password is incorrect' } };
    answers['/api/users/cancelDataDeletion'] = {
      status: 200,
      body: { pending: false, requested_at: null, due_at: null },
    };
    renderCard((session) => <DeletionCard session={session} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete my data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Request deletion' }));
    expect(await screen.findByText(PASSWORD_REQUIRED)).toBeTruthy();
    fireEvent.change(field('Your password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request deletion' }));
    expect(await screen.findAllByText('Current password is incorrect')).not.toHaveLength(0);
    fireEvent.change(field('Your password'), { target: { value: 'Tr4vel-Kite#2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request deletion' }));

    expect(await screen.findByText('Deletion requested')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel deletion request' }));
    expect(await screen.findByRole('button', { name: 'Delete my data' })).toBeTruthy();
    expect(sent('/api/users/cancelDataDeletion')).toHaveLength(1);
  });

  it('saves the changed name and department, and the session takes them', async () => {
    answers['/api/users/me'] = (body) => ({ status: 200, body: { ...USER, ...body } });
    renderCard((session) => <DetailsCard session={session} />);

    const save = await screen.findByRole('button', { name: 'Save details' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field('First name'), { target: { value: ' Anna ' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Information Technology' }));
    fireEvent.click(save);

    // Saving goes through the sealed session store first.
    expect(await screen.findByText('Profile updated', undefined, { timeout: 5000 })).toBeTruthy();
    expect(
      sent('/api/users/me')
        .filter((request) => request.method === 'PUT')
        .map((request) => request.body),
    ).toEqual([{ ...detailsOf(USER), firstname: 'Anna', department: 'Information Technology' }]);
  });

  it('saves a chosen time zone, and shows the browser’s while none is chosen', async () => {
    answers['/api/users/me'] = (body) => ({ status: 200, body: { ...USER, ...body } });
    renderCard((session) => <DetailsCard session={session} />);

    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone.getAttribute('placeholder')).toBe(
      `Your browser's: ${Intl.DateTimeFormat().resolvedOptions().timeZone}`,
    );
    fireEvent.click(zone);
    fireEvent.click(await screen.findByRole('option', { name: 'Africa/Accra' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Profile updated', undefined, { timeout: 5000 })).toBeTruthy();
    const puts = sent('/api/users/me').filter((request) => request.method === 'PUT');
    expect(puts.map((request) => (request.body as { time_zone: string }).time_zone)).toEqual(['Africa/Accra']);
  });

  it('refuses to save without a first name, sending nothing', async () => {
    renderCard((session) => <DetailsCard session={session} />);
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Please enter First Name')).toBeTruthy();
    expect(sent('/api/users/me').filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('shows a field the host refuses under it, as well as in the snackbar', async () => {
    const refused = 'Please enter First Name of at most 100 characters';
    answers['/api/users/me'] = { status: 400, body: { message: refused } };
    renderCard((session) => <DetailsCard session={session} />);
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'A'.repeat(101) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(errorUnder(field('First name'))).toBe(refused));
    expect(screen.getAllByText(refused).filter((text) => text.closest('[data-notice]'))).toHaveLength(1);
    expect(errorUnder(field('Last name'))).toBeNull();
  });

  it('shows a company name another company has under Company name', async () => {
    answers['/api/users/createCompany'] = { status: 409, body: { message: COMPANY_NAME_TAKEN } };
    renderCard((session) => <CreateCompanyPage session={session} />);
    fireEvent.change(await screen.findByLabelText(/^Company name/), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('combobox', { name: /^Country/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'India' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create company' }));

    await waitFor(() => expect(errorUnder(field('Company name'))).toBe(COMPANY_NAME_TAKEN));
    expect(screen.getAllByText(COMPANY_NAME_TAKEN).filter((text) => text.closest('[data-notice]'))).toHaveLength(1);
  });

  it('lists the deletion requests for platform admins, pending first as the host sends them', async () => {
    answers['/api/admin/deletionRequests'] = {
      status: 200,
      body: [
        {
          user_id: 'u2',
          name: 'Bob Ray',
          email: 'bob@acme.test',
          requested_at: '2026-11-26T10:00:00Z',
          due_at: '2026-11-27T10:00:00Z',
          completed_at: null,
        },
        {
          user_id: 'u3',
          name: 'Deleted user',
          email: 'deleted-u3@deleted.invalid',
          requested_at: '2026-11-20T10:00:00Z',
          due_at: '2026-11-21T10:00:00Z',
          completed_at: '2026-11-21T11:00:00Z',
        },
      ],
    };
    renderCard((session) => <DeletionRequestsPage session={session} />, { ...USER, is_admin: true });
    expect(await screen.findByText('Bob Ray')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Deleted user')).toBeTruthy();
    expect(screen.getByText(/^Deleted \d/)).toBeTruthy();
  });

  it('says when no one asked for a deletion', async () => {
    answers['/api/admin/deletionRequests'] = { status: 200, body: [] };
    renderCard((session) => <DeletionRequestsPage session={session} />, { ...USER, is_admin: true });
    expect(await screen.findByText('No one has asked for their data to be deleted.')).toBeTruthy();
  });

  it('says when the request could not be loaded', async () => {
    answers['/api/users/dataDeletion'] = { status: 500, body: { message: 'Internal error' } };
    renderCard((session) => <DeletionCard session={session} />);
    expect(await screen.findByText('The deletion request could not be loaded')).toBeTruthy();
  });
});
