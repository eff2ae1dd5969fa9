/**
 * The invite dialog's addresses: typed or pasted into one box, separated by commas,
 * semicolons, spaces or new lines, and checked as the host checks them (its messages) before
 * anything is sent.
 */

/** The addresses one invitation call may hold (the host's limit). */
export const MAX_EMAILS = 50;
export const NO_EMAILS = 'Please enter at least one e-mail address';
export const TOO_MANY_EMAILS = `Invite at most ${MAX_EMAILS} addresses at once`;
export const NO_ROLE = 'Please choose a role';

/** The host's address check: something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The addresses in the text, lower-cased, each once, in the order typed. */
export function splitAddresses(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.trim().toLowerCase();
    if (email) seen.add(email);
  }
  return [...seen];
}

/** Why these addresses cannot be invited (the first bad one named), or null. */
export function addressesProblem(emails: readonly string[]): string | null {
  if (emails.length === 0) return NO_EMAILS;
  if (emails.length > MAX_EMAILS) return TOO_MANY_EMAILS;
  const bad = emails.find((email) => !EMAIL_PATTERN.test(email));
  return bad === undefined ? null : `${bad} is not a valid e-mail address`;
}

/** `3 invitations sent`, `1 invitation sent`. */
export function sentText(count: number): string {
  return `${count} ${count === 1 ? 'invitation' : 'invitations'} sent`;
}

/**
 * Whether a message of the host is about the addresses (a bad or taken one): it shows under
 * the addresses then.
 */
export function isAboutAddresses(message: string): boolean {
  return (
    message === NO_EMAILS ||
    message === TOO_MANY_EMAILS ||
    / is not a valid e-mail address$| is a member already$| has a pending invitation already$/.test(message)
  );
}
