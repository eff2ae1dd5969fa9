/**
 * A role's rights matrix: a right (view, disabled) per rights key of the installed modules.
 * Premium keys are shown greyed by the host for a community company whatever the role says,
 * so they cannot be changed there.
 */

import type { Right, Rights, RightsKey, Role } from './api';

/** What the host reads for a key a role does not mention: not viewable. */
export const NO_RIGHT: Right = { view: false, disabled: true };

export function rightOf(rights: Rights, key: string): Right {
  return rights[key] ?? NO_RIGHT;
}

/** A premium key of a community company: the host keeps it disabled, so it is not edited. */
export function isLocked(key: RightsKey, edition: string): boolean {
  return key.premium && edition !== 'enterprise';
}

/** A locked key as every member gets it: shown greyed, the way to the enterprise edition. */
const LOCKED_RIGHT: Right = { view: true, disabled: true };

/** The right as the role's members get it: a locked key is greyed whatever is stored. */
export function shownRight(rights: Rights, key: RightsKey, edition: string): Right {
  return isLocked(key, edition) ? LOCKED_RIGHT : rightOf(rights, key.key);
}

/**
 * The role's whole rights map with every key of the matrix: what it stores, and the host's
 * reading of the keys it does not mention. Keys outside the matrix (modules not installed)
 * are kept as they are.
 */
export function matrixRights(role: Pick<Role, 'rights'>, keys: readonly RightsKey[]): Rights {
  const rights: Rights = { ...role.rights };
  for (const { key } of keys) rights[key] = rightOf(role.rights, key);
  return rights;
}

/** `rights` with one field of one key set. */
export function withRight(rights: Rights, key: string, field: keyof Right, value: boolean): Rights {
  return { ...rights, [key]: { ...rightOf(rights, key), [field]: value } };
}

/** Whether two maps give the same rights on the matrix's keys. */
export function sameRights(a: Rights, b: Rights, keys: readonly RightsKey[]): boolean {
  return keys.every(({ key }) => {
    const [x, y] = [rightOf(a, key), rightOf(b, key)];
    return x.view === y.view && x.disabled === y.disabled;
  });
}

/** `Copy of Admin`, or with a number when that name is taken (`Copy of Admin 2`). */
export function copyName(name: string, taken: readonly string[]): string {
  const names = new Set(taken.map((existing) => existing.toLowerCase()));
  const base = `Copy of ${name}`;
  let candidate = base;
  for (let n = 2; names.has(candidate.toLowerCase()); n += 1) candidate = `${base} ${n}`;
  return candidate;
}

/** The host's limit on a role's name. */
export const ROLE_NAME_MAX = 60;
export const ROLE_NAME_REQUIRED = 'Please enter a role name';
export const ROLE_NAME_TOO_LONG = `A role name is at most ${ROLE_NAME_MAX} characters`;

export function roleNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return ROLE_NAME_REQUIRED;
  return [...trimmed].length > ROLE_NAME_MAX ? ROLE_NAME_TOO_LONG : null;
}
