// Keeps of world-countries' 1.4 MB JSON only the fields src/options reads (the alpha-2 and
// alpha-3 codes, for the flags), so the chunks with country selects stay small.
module.exports = function worldCountriesSlim(source) {
  return JSON.stringify(JSON.parse(source).map(({ cca2, cca3 }) => ({ cca2, cca3 })));
};
