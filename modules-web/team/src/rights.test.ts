import { describe, expect, it } from 'vitest';

import {
  NO_RIGHT,
  ROLE_NAME_REQUIRED,
  ROLE_NAME_TOO_LONG,
  copyName,
  isLocked,
  matrixRights,
  roleNameProblem,
  sameRights,
  shownRight,
  withRight,
} from './rights';
import { USER_ROLE, rolesAnswer } from './testFixtures';

const { keys } = rolesAnswer();
const premium = keys.find((key) => key.premium)!;

describe('matrixRights', () => {
  it("gives every key of the matrix a right (the host's reading of a missing one), keeping the others", () => {
    expect(matrixRights(USER_ROLE, keys)).toEqual({
      process: { view: true, disabled: false },
      chat: { view: true, disabled: false },
      team_profile: NO_RIGHT,
      databaseIntegration: NO_RIGHT,
    });
  });
});

describe('withRight and sameRights', () => {
  it('changes one field of one key, and tells a change on the matrix keys', () => {
    const rights = matrixRights(USER_ROLE, keys);
    const changed = withRight(rights, 'team_profile', 'view', true);
    expect(changed.team_profile).toEqual({ view: true, disabled: true });
    expect(rights.team_profile).toEqual(NO_RIGHT);
    expect(sameRights(rights, changed, keys)).toBe(false);
    expect(sameRights(rights, withRight(changed, 'team_profile', 'view', false), keys)).toBe(true);
    expect(sameRights(USER_ROLE.rights, rights, keys)).toBe(true);
  });
});

describe('premium keys', () => {
  it('are locked and shown disabled for a community company only', () => {
    const rights = { databaseIntegration: { view: true, disabled: false } };
    expect(isLocked(premium, 'community')).toBe(true);
    expect(shownRight(rights, premium, 'community')).toEqual({ view: true, disabled: true });
    expect(shownRight({ databaseIntegration: { view: false, disabled: false } }, premium, 'community')).toEqual({
      view: true,
      disabled: true,
    });
    expect(isLocked(premium, 'enterprise')).toBe(false);
    expect(shownRight(rights, premium, 'enterprise')).toEqual({ view: true, disabled: false });
  });
});

describe('role names', () => {
  it('suggests a free name for a copy', () => {
    expect(copyName('User', ['User', 'Admin'])).toBe('Copy of User');
    expect(copyName('User', ['User', 'copy of user', 'Copy of User 2'])).toBe('Copy of User 3');
  });

  it('checks a name as the host does', () => {
    expect(roleNameProblem('  ')).toBe(ROLE_NAME_REQUIRED);
    expect(roleNameProblem('x'.repeat(61))).toBe(ROLE_NAME_TOO_LONG);
    expect(roleNameProblem(` ${'x'.repeat(60)} `)).toBeNull();
  });
});
