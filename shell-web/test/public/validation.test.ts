import { describe, expect, test } from 'vitest';
import {
  enterprise,
  isSpecEmail,
  isStrongPassword,
  login,
  passwordConditions,
  PASSWORD_RULE_MESSAGE,
  profile,
  resetPassword,
  signUpCode,
  signUpPassword,
  signUpPerson,
} from '../../src/validation';

describe('the e-mail pattern (login and sign-up)', () => {
  test.each(['ann@example.com', 'a.b-c_d@mail.example.info', 'x1@ab.co', ' ann@example.com '])(
    'accepts %s',
    (email) => {
      expect(isSpecEmail(email)).toBe(true);
    },
  );
  test.each([
    '',
    'ann',
    'ann@',
    '@example.com',
    'ann@example',
    'ann@example.c',
    'ann@example.museum',
    'a+b@example.com',
    'ann@exa mple.com',
    'ann@.com',
    'ann@example.c0m',
  ])('refuses %j', (email) => {
    expect(isSpecEmail(email)).toBe(false);
  });
});

describe('login', () => {
  test('needs an e-mail of the pattern and a password', () => {
    expect(login.email('nobody')).toBe('Please enter valid Email');
    expect(login.email('ann@example.com')).toBeNull();
    expect(login.password('')).toBe('Please enter a password');
    expect(login.password('x')).toBeNull();
  });
});

describe('sign-up step 1', () => {
  test('names and e-mail have their messages', () => {
    expect(signUpPerson.firstname('  ')).toBe('Please enter First Name');
    expect(signUpPerson.lastname('')).toBe('Please enter Last Name');
    expect(signUpPerson.email('ann@example')).toBe('Please enter valid Email');
    expect(signUpPerson.firstname('Ann')).toBeNull();
    expect(signUpPerson.lastname('Lee')).toBeNull();
    expect(signUpPerson.email('ann@example.com')).toBeNull();
  });
});

describe('sign-up step 2', () => {
  test('the code is required and has six digits', () => {
    expect(signUpCode(' ')).toBe('Please enter Otp sent to your email');
    expect(signUpCode('12345')).toBe('Otp does not match');
    expect(signUpCode('12a456')).toBe('Otp does not match');
    expect(signUpCode(' 123456 ')).toBeNull();
  });
});

describe('sign-up step 3 and the social form', () => {
  test('each profile field has its message', () => {
    expect(profile.gender('')).toBe('Please select a Gender');
    expect(profile.country('')).toBe('Please select a Country');
    expect(profile.companyname(' ')).toBe('Please enter your company name');
    expect(profile.job_title('')).toBe('Please enter your job title');
    expect(profile.currency_name('')).toBe('Please select a currency');
    expect(profile.department('')).toBe('Please select a department');
    expect(profile.gender('Female')).toBeNull();
    expect(profile.country('IN')).toBeNull();
    expect(profile.companyname('Acme')).toBeNull();
    expect(profile.job_title('Lead')).toBeNull();
    expect(profile.currency_name('USD')).toBeNull();
    expect(profile.department('Legal')).toBeNull();
  });
});

describe('the password rule', () => {
  test.each([
    ['Ab1!xyz', '7 characters'],
    ['abcdefg1!', 'no uppercase'],
    ['ABCDEFG1!', 'no lowercase'],
    ['Abcdefgh!', 'no digit'],
    ['Abcdefgh1', 'no special character'],
    ['Abcd efg1', 'a space is not special'],
  ])('refuses %s (%s)', (password) => {
    expect(isStrongPassword(password)).toBe(false);
  });

  test('accepts a password meeting every condition, Unicode included', () => {
    expect(isStrongPassword('Tr4vel-Kite')).toBe(true);
    expect(isStrongPassword('Ünïcødé-Pässwört-9')).toBe(true);
  });

  test('the hint list ticks each condition as it is met', () => {
    expect(passwordConditions('').map((c) => c.met)).toEqual([false, false, false, false, false]);
    expect(passwordConditions('a').map((c) => c.met)).toEqual([false, false, true, false, false]);
    expect(passwordConditions('Tr4vel-Kite').every((c) => c.met)).toBe(true);
    expect(passwordConditions('').map((c) => c.label)).toEqual([
      'At least 8 characters',
      'One uppercase letter',
      'One lowercase letter',
      'One number',
      'One special character',
    ]);
  });
});

describe('sign-up step 4', () => {
  test('password, strength and confirmation', () => {
    expect(signUpPassword.password('')).toBe('Please enter a password');
    expect(signUpPassword.password('weak')).toBe(PASSWORD_RULE_MESSAGE);
    expect(PASSWORD_RULE_MESSAGE).toBe(
      'Password should have one numeric, one special, one uppercase, one lowercase and 8 characters long',
    );
    expect(signUpPassword.password('Tr4vel-Kite')).toBeNull();
    expect(signUpPassword.confirmPassword('Tr4vel-Kit', 'Tr4vel-Kite')).toBe(
      "Password & Confirm Password doesn't match",
    );
    expect(signUpPassword.confirmPassword('', 'Tr4vel-Kite')).toBe("Password & Confirm Password doesn't match");
    expect(signUpPassword.confirmPassword('Tr4vel-Kite', 'Tr4vel-Kite')).toBeNull();
  });
});

describe('reset password', () => {
  test('words the rules its own way', () => {
    expect(resetPassword.password('')).toBe('Please enter a password to reset');
    expect(resetPassword.password('weak')).toBe('Please enter a password which follows conditions mentioned below');
    expect(resetPassword.password('Tr4vel-Kite')).toBeNull();
    expect(resetPassword.confirmPassword('', 'Tr4vel-Kite')).toBe('Please enter your confirm Password');
    expect(resetPassword.confirmPassword('Other-Kite1', 'Tr4vel-Kite')).toBe(
      'Password and Confirm Password does not match',
    );
    expect(resetPassword.confirmPassword('Tr4vel-Kite', 'Tr4vel-Kite')).toBeNull();
  });
});

describe('enterprise form', () => {
  test('name, e-mail, country', () => {
    expect(enterprise.username(' ')).toBe('Please enter your name');
    expect(enterprise.username('Ann Lee')).toBeNull();
    expect(enterprise.email('')).toBe('Please enter your email');
    expect(enterprise.email('ann@acme')).toBe('Please enter valid email');
    expect(enterprise.email('ann lee@acme.com')).toBe('Please enter valid email');
    // The simple pattern, looser than the sign-up one.
    expect(enterprise.email('a+b@acme.museum')).toBeNull();
    expect(enterprise.country('')).toBe('Please select your country');
    expect(enterprise.country('IN')).toBeNull();
  });

  test('the mobile number needs digits beyond the dial code', () => {
    expect(enterprise.contactNumber('', '1')).toBe('Please enter your Mobile Number');
    expect(enterprise.contactNumber('+1', '1')).toBe('Please enter your Mobile Number');
    expect(enterprise.contactNumber('+91', '91')).toBe('Please enter your Mobile Number');
    expect(enterprise.contactNumber('+1234', '1')).toBe('Please enter a valid Mobile Number');
    expect(enterprise.contactNumber('+12025550123', '1')).toBeNull();
    expect(enterprise.contactNumber('+919876543210', '91')).toBeNull();
    expect(enterprise.contactNumber('+1234567890123456', '1')).toBe('Please enter a valid Mobile Number');
  });
});
