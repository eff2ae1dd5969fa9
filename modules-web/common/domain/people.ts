/** The company's users as a plugin's `GET /people` lists them (the directory), and their names. */

export interface Person {
  user_id: string;
  email: string;
  firstname: string;
  lastname: string;
  job_title: string | null;
}

/** People by user id. */
export type PeopleIndex = ReadonlyMap<string, Person>;

export function indexPeople(people: readonly Person[]): PeopleIndex {
  return new Map(people.map((person) => [person.user_id, person]));
}

/** "First Last", or the e-mail when both are blank. */
export function personName(person: Person): string {
  return `${person.firstname ?? ''} ${person.lastname ?? ''}`.trim() || person.email;
}

/**
 * A user id shown as a name; null for no user. An empty directory is one not loaded (yet):
 * the caller is always in a loaded one, so only then is an unknown id someone who left.
 */
export function nameOf(people: PeopleIndex, userId: string | null | undefined): string | null {
  if (!userId) return null;
  const person = people.get(userId);
  if (person) return personName(person);
  return people.size > 0 ? 'Former user' : '…';
}

/** Select options, by name. */
export function personOptions(people: readonly Person[]): { value: string; label: string }[] {
  return people
    .map((person) => ({ value: person.user_id, label: personName(person) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The department names to choose from: the host's masters, plus names records still carry
 * that the masters no longer list (so a stored one stays selectable), sorted, once each.
 */
export function departmentChoices(
  masters: readonly string[],
  stored: readonly (string | null | undefined)[],
): string[] {
  const names = new Set<string>();
  for (const name of [...masters, ...stored]) if (name) names.add(name);
  return [...names].sort((a, b) => a.localeCompare(b));
}
