// The web remote of module `ranking` (Process Ranking), built with the shared factory into ./dist.
import { remoteConfig } from '../remote.config.mjs';

export default remoteConfig({
  name: 'ranking',
  dir: import.meta.dirname,
  exposes: {
    './RankingPage': './src/RankingPage.tsx',
  },
});
