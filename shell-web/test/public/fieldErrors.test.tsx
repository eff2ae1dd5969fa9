// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MemoryRouter, Route, Routes } from 'react-router';
import { stubBrowser } from '@autoscope/web-sdk/testing';
import type { ReactNode } from 'react';

import { ApiError } from '../../src/api';
import Login from '../../src/public/login/Login';
import ResetPassword from '../../src/public/reset/ResetPassword';
import SignUp from '../../src/public/signup/SignUp';
import { PERSON_REFUSALS, SIGN_UP_REFUSALS } from '../../src/public/signup/steps';
import { SessionProvider } from '../../src/session';
import { Snackbars } from '../../src/ui';
import { fieldWords, profile, refusedFields, signUpPerson } from '../../src/validation';
import { errorUnder } from '../fieldError';
import { stubHost, type HostAnswers, type HostRequest } from '../fakeHost';

beforeAll(stubBrowser);

vi.mock('../../src/options/flags', () => ({ flagUrl: () => undefined }));

let answers: HostAnswers;
let requests: HostRequest[];

beforeEach(() => {
  localStorage.clear();
  requests = [];
  answers = { '/api/users/socialProviders': { status: 200, body: [] } };
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  stubHost(answers, requests);
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** `page` at `url` in the shell's providers; Mantine in its test mode (no transitions). */
function renderAt(url: string, path: string, page: ReactNode) {
  return render(
    <MantineProvider env="test">
      <Snackbars />
      <SessionProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={page} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </MantineProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

/** The snackbar showing, as `kind: text`. */
async function snackbar(text: string) {
  const shown = (await screen.findAllByText(text)).map((element) => element.closest('[data-notice]'));
  const notice = shown.find(Boolean);
  return `${notice?.getAttribute('data-notice')}: ${notice?.textContent}`;
}

describe('which field a refusal is about', () => {
  const refused = (message: string) => new ApiError(400, message);

  it("finds the field the host words as the field's rule does, with more after it", () => {
    const words = fieldWords(signUpPerson);
    expect(refusedFields(refused('Please enter First Name of at most 100 characters'), words)).toEqual(['firstname']);
    expect(refusedFields(refused('Please enter valid Email'), words)).toEqual(['email']);
    expect(refusedFields(refused('Too many attempts, please try again later'), words)).toEqual([]);
    expect(refusedFields(new Error('Please enter First Name'), words)).toEqual([]);
  });

  it("adds the host's own words, and names every field of a refusal that does not say which", () => {
    expect(refusedFields(refused('Email already exists'), PERSON_REFUSALS)).toEqual(['email']);
    expect(refusedFields(refused('Email or Company name already exists'), SIGN_UP_REFUSALS)).toEqual([
      'email',
      'companyname',
    ]);
    expect(refusedFields(refused('This password is too common, please choose another'), SIGN_UP_REFUSALS)).toEqual([
      'password',
    ]);
    expect(fieldWords({ gender: profile.gender }, { gender: ['No such gender'] })).toEqual({
      gender: ['Please select a Gender', 'No such gender'],
    });
  });
});

describe('a refused field shows its error under it as well as in the snackbar', { timeout: 20_000 }, () => {
  /** Sign-up step 1 filled and sent. */
  function sendDetails() {
    fireEvent.change(input('First name'), { target: { value: 'Priya' } });
    fireEvent.change(input('Last name'), { target: { value: 'Raman' } });
    fireEvent.change(input('Email'), { target: { value: 'priya@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  }

  it('an address that has an account, under the sign-up e-mail', async () => {
    answers['/api/users/newUserSignUp'] = { status: 400, body: { message: 'Email already exists' } };
    renderAt('/userSignup', '/userSignup', <SignUp />);
    sendDetails();

    expect(await snackbar('Email already exists')).toBe('failure: Email already exists');
    expect(errorUnder(input('Email'))).toBe('Email already exists');
    expect(errorUnder(input('First name'))).toBeNull();
  });

  it('a wrong sign-up code, under the code; typing again clears it', async () => {
    answers['/api/users/newUserSignUp'] = { status: 200, body: { message: 'sent' } };
    answers['/api/users/userSignUpTokenVerification'] = { status: 400, body: { message: 'Otp Code not valid' } };
    renderAt('/userSignup', '/userSignup', <SignUp />);
    sendDetails();
    const code = await screen.findByLabelText('Verification code', { selector: 'input' });
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await snackbar('Otp Code not valid')).toBe('failure: Otp Code not valid');
    expect(errorUnder(code)).toBe('Otp Code not valid');
    expect(requests.filter((request) => request.path === '/api/users/userSignUpTokenVerification')).toHaveLength(1);

    fireEvent.change(code, { target: { value: '654321' } });
    expect(errorUnder(code)).toBeNull();
  });

  it("an unknown address asking for a reset link, under the login's Username", async () => {
    answers['/api/users/forgot_password'] = { status: 400, body: { message: 'User not found.' } };
    renderAt('/', '/', <Login />);
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    fireEvent.change(input('Username'), { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'SUBMIT' }));

    expect(await snackbar('User not found')).toBe('failure: User not found');
    await waitFor(() => expect(errorUnder(input('Username'))).toBe('User not found'));
  });

  it('a wrong password at sign-in is the snackbar alone: it is not about one field', async () => {
    answers['/api/users/signin'] = { status: 401, body: { message: 'Invalid Credentials!' } };
    renderAt('/', '/', <Login />);
    fireEvent.change(await screen.findByLabelText('Username', { selector: 'input' }), {
      target: { value: 'ann@example.com' },
    });
    fireEvent.change(input('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await snackbar('Invalid Credentials!')).toBe('failure: Invalid Credentials!');
    expect(errorUnder(input('Username'))).toBeNull();
    expect(errorUnder(input('Password'))).toBeNull();
  });

  it('a new password the host will not take, under the reset form’s New password', async () => {
    answers['/api/users/resetPasswordCodeVerification'] = { status: 200, body: { message: 'Link is valid' } };
    const common = 'This password is too common, please choose another';
    answers['/api/users/reset_password'] = { status: 400, body: { message: common } };
    renderAt('/resetPassword?email=ann@example.com&code=c0de', '/resetPassword', <ResetPassword />);
    const password = await screen.findByLabelText('New password', { selector: 'input' });
    fireEvent.change(password, { target: { value: 'Password1!' } });
    fireEvent.change(input('Re-enter password'), { target: { value: 'Password1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await snackbar(common)).toBe(`failure: ${common}`);
    await waitFor(() => expect(errorUnder(password)).toBe(common));
  });
});
