// The web remote of module `support_insight` (Support Insight), built with the shared factory into ./dist.
import { remoteConfig } from '../remote.config.mjs';

export default remoteConfig({
  name: 'support_insight',
  dir: import.meta.dirname,
  exposes: {
    './SupportInsightPage': './src/SupportInsightPage.tsx',
  },
});
