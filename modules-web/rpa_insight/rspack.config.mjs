// The web remote of module `rpa_insight` (Operational Insight), built with the shared factory into ./dist.
import { remoteConfig } from '../remote.config.mjs';

export default remoteConfig({
  name: 'rpa_insight',
  dir: import.meta.dirname,
  exposes: {
    './RPAInsightPage': './src/RPAInsightPage.tsx',
  },
});
