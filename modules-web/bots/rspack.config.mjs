// The web remote of module `bots` (Bot Profile): the /BotProfile page.
import { remoteConfig } from '../remote.config.mjs';

export default remoteConfig({
  name: 'bots',
  dir: import.meta.dirname,
  exposes: {
    './BotProfilePage': './src/BotProfilePage.tsx',
  },
});
