/** The error shown under a form field: what a screen reader reads after the field, null when nothing. */
export function errorUnder(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const said = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  return said === '' ? null : said;
}
