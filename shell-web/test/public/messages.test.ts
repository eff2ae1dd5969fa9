import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/api';
import {
  codeRequestFailure,
  codeVerifyFailure,
  forgotFailure,
  INVITATION_INVALID,
  invitationFailure,
  invitationGone,
  LINK_INVALID,
  linkFailure,
  loginFailure,
  resetFailure,
  signUpFailure,
  socialFailure,
  socialSignUpFailure,
} from '../../src/public/messages';

const host = (status: number, message: string) => new ApiError(status, message);
const offline = host(0, 'Something went wrong');
const tooMany = host(429, 'Too many attempts, please try again later');

describe('the public screens’ messages', () => {
  test('login', () => {
    expect(loginFailure(host(401, 'Invalid Credentials!'))).toBe('Invalid Credentials!');
    expect(loginFailure(host(500, 'Something went wrong'))).toBe('Something Went Wrong!');
    expect(loginFailure(offline)).toBe('Something Went Wrong!');
    expect(loginFailure(new Error('boom'))).toBe('Something Went Wrong!');
    expect(loginFailure(tooMany)).toBe(tooMany.message);
  });

  test('sign-up code request and verification', () => {
    expect(codeRequestFailure(host(400, 'Email already exists'))).toBe('Email already exists');
    expect(codeRequestFailure(host(500, 'x'))).toBe('Something went wrong');
    expect(codeRequestFailure(host(429, 'Please wait a minute before asking for a new code'))).toBe(
      'Please wait a minute before asking for a new code',
    );
    expect(codeVerifyFailure(host(400, 'Otp Code not valid'))).toBe('Otp Code not valid');
    expect(codeVerifyFailure(offline)).toBe('Something went wrong');
  });

  test('sign-up', () => {
    expect(signUpFailure(host(400, 'Email or Company name already exists'))).toBe(
      'Email or Company name already exists',
    );
    expect(signUpFailure(host(500, 'Something went wrong'))).toBe('Something went wrong');
    expect(signUpFailure(offline)).toBe('Something went wrong');
  });

  test('social sign-in', () => {
    expect(socialFailure(host(400, 'Email already exists'), 'google')).toBe('A user with this email already exists');
    expect(socialFailure(host(502, 'Connection Error'), 'linkedin')).toBe('Something Went Wrong!');
    expect(socialFailure(host(502, 'Connection Error'), 'google')).toBe('Something went wrong please try again later');
    expect(socialFailure(host(401, 'Invalid social sign-in'), 'facebook')).toBe(
      'Something went wrong please try again later',
    );
    expect(socialSignUpFailure(host(400, 'Email or Company name already exists'), 'google')).toBe(
      'Email or Company name already exists',
    );
    expect(socialSignUpFailure(host(400, 'Email already exists'), 'google')).toBe(
      'A user with this email already exists',
    );
    expect(socialSignUpFailure(host(401, 'Invalid social sign-in'), 'google')).toBe(
      'Something went wrong please try again later',
    );
  });

  test('forgot password', () => {
    expect(forgotFailure(host(400, 'This user already login with social account.'))).toBe(
      'Please use your social media account for login',
    );
    expect(forgotFailure(host(404, 'User not found.'))).toBe('User not found');
    expect(forgotFailure(offline)).toBe('Something Went Wrong!');
  });

  test('reset link verification', () => {
    expect(linkFailure(host(400, 'Link is expired.'))).toBe('The link has expired please try again');
    expect(linkFailure(host(400, 'User is not available.'))).toBe('User is not available');
    expect(linkFailure(host(400, 'Link is invalid.'))).toBeNull();
    expect(linkFailure(offline)).toBe('Something went wrong please try again');
    expect(LINK_INVALID).toBe('Link is invalid please try again later');
  });

  test('reset', () => {
    expect(resetFailure(host(400, 'Please enter a password which follows conditions mentioned below'))).toBe(
      'Please enter a password which follows conditions mentioned below',
    );
    expect(resetFailure(host(400, 'Link is invalid.'))).toBe(LINK_INVALID);
    expect(resetFailure(host(400, 'Link is expired.'))).toBe('The link has expired please try again');
    expect(resetFailure(host(500, 'Something went wrong'))).toBe('Something Went Wrong!');
  });

  test('invitation link', () => {
    expect(INVITATION_INVALID).toBe('This invitation link is not valid');
    for (const [status, message] of [
      [404, 'This invitation link is not valid'],
      [410, 'This invitation has expired: ask for a new one'],
      [401, 'The password is not right'],
      [400, 'Please enter First Name'],
      [403, 'The community edition allows 5 users. Upgrade to Premium to add more.'],
      [409, 'An account with this e-mail exists: give its password'],
      [429, 'Too many attempts, please try again later'],
    ] as const) {
      expect(invitationFailure(host(status, message))).toBe(message);
    }
    expect(invitationFailure(host(500, 'database is down'))).toBe('Something went wrong');
    expect(invitationFailure(offline)).toBe('Something went wrong');
    expect(invitationGone(host(404, 'x'))).toBe(true);
    expect(invitationGone(host(410, 'x'))).toBe(true);
    expect(invitationGone(host(401, 'x'))).toBe(false);
    expect(invitationGone(offline)).toBe(false);
  });
});
