// Keeps of world-countries' 1.4 MB JSON only the fields src/options reads (codes, common
// name, flag emoji, currencies), so the chunks with country lists stay small.
module.exports = function worldCountriesSlim(source) {
  const countries = JSON.parse(source).map(({ cca2, cca3, name, flag, currencies }) => ({
    cca2,
    cca3,
    name: { common: name.common },
    flag,
    currencies,
  }));
  return JSON.stringify(countries);
};
