import { afterEach, describe, expect, test } from 'vitest';
import {
  NEW_USER_KEY,
  readNewUser,
  rememberNewUser,
  takeFragmentAnswer,
  type NewSocialUser,
} from '../../src/public/social/flow';

const PENDING_KEY = 'autoscope.socialSignIn';

function base64url(text: string) {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const idToken = `${base64url('{"alg":"RS256"}')}.${base64url(JSON.stringify({ sub: 's-1', email: 'ann@acme.com', name: 'Ann Lee' }))}.sig`;

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the provider’s answer in the fragment', () => {
  test('none: nothing to do', () => {
    expect(takeFragmentAnswer('')).toBeNull();
    expect(takeFragmentAnswer('#section')).toBeNull();
  });

  test('an ID token for the pending sign-in becomes the proof, once', () => {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ provider: 'google', nonce: 'n-1', state: 'st-1' }));
    const answer = takeFragmentAnswer(`#id_token=${idToken}&state=st-1&expires_in=3600`);
    expect(answer).toEqual({
      proof: {
        providerName: 'google',
        tokenId: idToken,
        accessToken: '',
        expiresIn: 3600,
        nonce: 'n-1',
        name: 'Ann Lee',
        email: 'ann@acme.com',
        userId: 's-1',
        imageUrl: '',
      },
    });
    expect(takeFragmentAnswer(`#id_token=${idToken}&state=st-1`)).toEqual({ failed: true });
  });

  test('another state, an error or no pending sign-in: failed', () => {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ provider: 'google', nonce: 'n-1', state: 'st-1' }));
    expect(takeFragmentAnswer(`#id_token=${idToken}&state=forged`)).toEqual({ failed: true });
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ provider: 'google', nonce: 'n-1', state: 'st-1' }));
    expect(takeFragmentAnswer('#error=access_denied&state=st-1')).toEqual({ failed: true });
    expect(takeFragmentAnswer(`#id_token=${idToken}&state=st-1`)).toEqual({ failed: true });
  });
});

describe('the new social user', () => {
  test('waits in local storage for the sign-up form', () => {
    expect(readNewUser()).toBeNull();
    const user: NewSocialUser = {
      providerName: 'google',
      tokenId: 't',
      accessToken: '',
      expiresIn: null,
      nonce: 'n-1',
      name: 'Ann Lee',
      email: 'ann@acme.com',
      userId: 's-1',
      imageUrl: '',
      firstname: 'Ann',
      lastname: 'Lee',
    };
    rememberNewUser(user);
    expect(readNewUser()).toEqual(user);
    localStorage.setItem(NEW_USER_KEY, '{"broken"');
    expect(readNewUser()).toBeNull();
  });
});
