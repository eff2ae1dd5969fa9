// The flag images of world-countries (one SVG per country, emitted as files by the build
// and fetched only when shown): emoji flags do not render on every system.
const flagFiles = import.meta.webpackContext('world-countries/data', {
  recursive: false,
  regExp: /^\.\/[a-z]{3}\.svg$/,
});
const known = new Set(flagFiles.keys());

/** The URL of a country's flag by its alpha-3 code, if world-countries has one. */
export function flagUrl(code3: string): string | undefined {
  const id = `./${code3.toLowerCase()}.svg`;
  return known.has(id) ? (flagFiles(id) as string) : undefined;
}
