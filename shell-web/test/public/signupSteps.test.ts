import { describe, expect, test } from 'vitest';
import { EMPTY_PROFILE, passwordErrors, personProfileErrors, profileErrors } from '../../src/public/signup/steps';
import { PASSWORD_RULE_MESSAGE } from '../../src/validation';

const PERSON = { gender: 'Female', country: 'DE', job_title: 'Analyst', department: 'Legal' };

describe('the sign-up steps’ checks', () => {
  test("the person's part of the profile (an invited person's)", () => {
    expect(personProfileErrors({ gender: '', country: '', job_title: ' ', department: '' })).toEqual({
      gender: 'Please select a Gender',
      country: 'Please select a Country',
      job_title: 'Please enter your job title',
      department: 'Please select a department',
    });
    expect(personProfileErrors(PERSON)).toEqual({});
  });

  test('the whole profile adds the company', () => {
    expect(profileErrors({ ...EMPTY_PROFILE, ...PERSON, currency_name: '' })).toEqual({
      companyname: 'Please enter your company name',
      currency_name: 'Please select a currency',
    });
    expect(Object.keys(profileErrors(EMPTY_PROFILE)).sort()).toEqual(
      ['companyname', 'country', 'department', 'gender', 'job_title'].sort(),
    );
  });

  test('a strong password, confirmed', () => {
    expect(passwordErrors({ password: '', confirmPassword: '' })).toEqual({ password: 'Please enter a password' });
    expect(passwordErrors({ password: 'weak', confirmPassword: 'other' })).toEqual({
      password: PASSWORD_RULE_MESSAGE,
      confirmPassword: "Password & Confirm Password doesn't match",
    });
    expect(passwordErrors({ password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' })).toEqual({});
  });
});
