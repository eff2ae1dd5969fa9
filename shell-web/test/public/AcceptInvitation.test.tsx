// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MemoryRouter, Route, Routes } from 'react-router';
import { stubBrowser } from '@autoscope/web-sdk/testing';

import AcceptInvitation from '../../src/public/invitation/AcceptInvitation';
import type { InvitationInfo } from '../../src/public/invitation/invitation';
import { PASSWORD_RULE_MESSAGE } from '../../src/validation';
import { readSession, SessionProvider, useSession, type SignedIn } from '../../src/session';
import { MASTER_OPTIONS } from './masterOptions';
import { stubHost, type HostAnswers, type HostRequest } from '../fakeHost';
import { userData } from '../fixtures';

beforeAll(stubBrowser);

// The flags are files the build emits (webpackContext); the country list shows none here.
vi.mock('../../src/options/flags', () => ({ flagUrl: () => undefined }));

const INVITATION: InvitationInfo = {
  email: 'newcomer@acme.test',
  companyname: 'Acme',
  invited_by: 'Ann Archer',
  role: 'Analyst',
  has_account: false,
};

const SIGNED_IN: SignedIn = {
  message: 'Welcome to the team',
  token: 'tok-new',
  userdata: userData({
    user_id: 'u9',
    firstname: 'Nora',
    lastname: 'New',
    email: 'newcomer@acme.test',
    job_title: 'Analyst',
    userrole: [{ role: 'Analyst', rights: {} }],
  }),
};

/** The host's answers by path; every request is recorded with its JSON body. */
let answers: HostAnswers;
let requests: HostRequest[];

beforeEach(() => {
  localStorage.clear();
  requests = [];
  answers = {
    '/api/invitations/open': { status: 200, body: INVITATION },
    '/api/masters/options': { status: 200, body: MASTER_OPTIONS },
  };
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  stubHost(answers, requests);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The app's home as the test sees it: who is signed in. */
function Home() {
  const { session } = useSession();
  return <p>Home of {session?.userdata.email ?? 'nobody'}</p>;
}

/** The page at `url` in the shell's providers; Mantine in its test mode (no transitions, no portals). */
function renderAt(url: string) {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <SessionProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/acceptInvitation" element={<AcceptInvitation />} />
            <Route path="/BusinessInsight" element={<Home />} />
            <Route path="/" element={<p>Login page</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </MantineProvider>,
  );
}

const sent = (path: string) => requests.filter((request) => request.path === path).map((request) => request.body);
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

/** Picks `option` of the select `label`. */
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** Fills the new person's form rightly (the country found by typing, as a person would) and submits it. */
async function fillNewPerson() {
  fireEvent.change(field('First name'), { target: { value: ' Nora ' } });
  fireEvent.change(field('Last name'), { target: { value: 'New' } });
  await choose('Gender', 'Female');
  fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'Germ' } });
  await choose('Country', 'Germany');
  fireEvent.change(field('Job title'), { target: { value: ' Analyst ' } });
  await choose('Department', 'Legal');
  fireEvent.change(field('Password'), { target: { value: 'Str0ng!pass' } });
  fireEvent.change(field('Confirm password'), { target: { value: 'Str0ng!pass' } });
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
}

describe('the invitation link', { timeout: 20_000 }, () => {
  it('says a link without a token is not valid, without asking the host', async () => {
    renderAt('/acceptInvitation');

    expect((await screen.findByTestId('invitation-unusable')).textContent).toBe('This invitation link is not valid');
    expect(requests).toEqual([]);
    fireEvent.click(screen.getByRole('link', { name: 'Go to Login' }));
    expect(await screen.findByText('Login page')).toBeTruthy();
  });

  it("shows the host's words for a link it does not know", async () => {
    answers['/api/invitations/open'] = { status: 404, body: { message: 'This invitation link is not valid' } };
    renderAt('/acceptInvitation?token=bogus');

    expect((await screen.findByTestId('invitation-unusable')).textContent).toBe('This invitation link is not valid');
    expect(sent('/api/invitations/open')).toEqual([{ token: 'bogus' }]);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says plainly that a link was used, withdrawn or expired', async () => {
    for (const message of [
      'This invitation has already been used',
      'This invitation was withdrawn',
      'This invitation has expired: ask for a new one',
    ]) {
      answers['/api/invitations/open'] = { status: 410, body: { message } };
      renderAt('/acceptInvitation?token=t1');
      expect((await screen.findByTestId('invitation-unusable')).textContent).toBe(message);
      expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/');
      cleanup();
    }
  });

  it('offers to try again when the host could not be reached', async () => {
    answers['/api/invitations/open'] = { status: 500, body: { message: 'Something went wrong' } };
    renderAt('/acceptInvitation?token=t1');

    expect((await screen.findByTestId('invitation-unusable')).textContent).toBe('Something went wrong');
    answers['/api/invitations/open'] = { status: 200, body: INVITATION };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeTruthy();
    expect(sent('/api/invitations/open')).toHaveLength(2);
  });
});

// The whole form renders in each: more time than a unit test.
describe('a new person', { timeout: 45_000 }, () => {
  it('sees whose invitation it is, and the invited address, not editable', async () => {
    renderAt('/acceptInvitation?token=t1');

    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeTruthy();
    expect(
      screen.getByText('Ann Archer invited you to join Acme as Analyst. Create your account to accept.'),
    ).toBeTruthy();
    expect(field('Email').value).toBe('newcomer@acme.test');
    expect(field('Email').readOnly).toBe(true);
    expect(screen.queryByLabelText('Company name')).toBeNull();
    expect(screen.queryByLabelText('Currency')).toBeNull();
  });

  it("checks every field with the sign-up's rules and messages before sending anything", async () => {
    renderAt('/acceptInvitation?token=t1');
    await screen.findByRole('heading', { name: 'Join Acme' });
    const join = screen.getByRole('button', { name: 'Create account and join' }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.change(field('Password'), { target: { value: 'weak' } });
    fireEvent.change(field('Confirm password'), { target: { value: 'other' } });
    fireEvent.click(join);

    for (const message of [
      'Please enter First Name',
      'Please enter Last Name',
      'Please select a Gender',
      'Please select a Country',
      'Please enter your job title',
      'Please select a department',
      PASSWORD_RULE_MESSAGE,
      "Password & Confirm Password doesn't match",
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(sent('/api/invitations/accept')).toEqual([]);
  });

  it('creates the account, is signed in like the login page does it, and lands on the home', async () => {
    answers['/api/invitations/accept'] = { status: 200, body: SIGNED_IN };
    renderAt('/acceptInvitation?token=t1');
    await screen.findByRole('heading', { name: 'Join Acme' });

    await fillNewPerson();

    // Once the session is sealed and stored.
    expect(await screen.findByText('Home of newcomer@acme.test', {}, { timeout: 5000 })).toBeTruthy();
    expect(sent('/api/invitations/accept')).toEqual([
      {
        token: 't1',
        password: 'Str0ng!pass',
        firstname: 'Nora',
        lastname: 'New',
        gender: 'Female',
        country: 'DE',
        department: 'Legal',
        job_title: 'Analyst',
      },
    ]);
    expect(await screen.findByText('Welcome to the team')).toBeTruthy();
    expect(await readSession()).toEqual({ token: SIGNED_IN.token, userdata: SIGNED_IN.userdata });
  });

  it('is asked for the password when the address got an account meanwhile', async () => {
    answers['/api/invitations/accept'] = {
      status: 409,
      body: { message: 'An account with this e-mail exists: give its password' },
    };
    renderAt('/acceptInvitation?token=t1');
    await screen.findByRole('heading', { name: 'Join Acme' });

    await fillNewPerson();

    expect(await screen.findByText('An account with this e-mail exists: give its password')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Sign in to join Acme' })).toBeTruthy();
  });
});

describe('a person with an account', { timeout: 20_000 }, () => {
  beforeEach(() => {
    answers['/api/invitations/open'] = { status: 200, body: { ...INVITATION, has_account: true } };
  });

  it('gives only the password to join', async () => {
    answers['/api/invitations/accept'] = ({ password }) =>
      password === 'Right!pass1'
        ? { status: 200, body: SIGNED_IN }
        : { status: 401, body: { message: 'The password is not right' } };
    renderAt('/acceptInvitation?token=t1');

    expect(await screen.findByRole('heading', { name: 'Sign in to join Acme' })).toBeTruthy();
    expect(field('Email').readOnly).toBe(true);
    expect(screen.queryByLabelText('First name')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign in and join' }));
    expect(await screen.findByText('Please enter a password')).toBeTruthy();
    expect(sent('/api/invitations/accept')).toEqual([]);

    fireEvent.change(field('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in and join' }));
    // Under the password, where it was typed.
    const wrong = await screen.findByText('The password is not right');
    expect(field('Password').getAttribute('aria-describedby')).toContain(wrong.id);

    fireEvent.change(field('Password'), { target: { value: 'Right!pass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in and join' }));
    // Once the session is sealed and stored.
    expect(await screen.findByText('Home of newcomer@acme.test', {}, { timeout: 5000 })).toBeTruthy();
    expect(sent('/api/invitations/accept')).toEqual([
      { token: 't1', password: 'wrong' },
      { token: 't1', password: 'Right!pass1' },
    ]);
  });

  it('is told when the link stopped working meanwhile', async () => {
    answers['/api/invitations/accept'] = { status: 410, body: { message: 'This invitation was withdrawn' } };
    renderAt('/acceptInvitation?token=t1');
    await screen.findByRole('heading', { name: 'Sign in to join Acme' });

    fireEvent.change(field('Password'), { target: { value: 'Right!pass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in and join' }));

    const unusable = await screen.findByTestId('invitation-unusable');
    expect(unusable.textContent).toBe('This invitation was withdrawn');
    expect(within(unusable.parentElement!).getByRole('link', { name: 'Go to Login' })).toBeTruthy();
  });
});
