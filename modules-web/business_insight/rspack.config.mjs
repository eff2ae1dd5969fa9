// The web remote of module `business_insight` (Business Insight), built with the shared factory into ./dist.
import { remoteConfig } from '../remote.config.mjs';

export default remoteConfig({
  name: 'business_insight',
  dir: import.meta.dirname,
  exposes: {
    './BusinessInsightPage': './src/BusinessInsightPage.tsx',
  },
});
