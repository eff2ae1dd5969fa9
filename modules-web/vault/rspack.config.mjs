// The web remote of module `vault` (Process Vault): the /Process page and its dashboard widget.
import { remoteConfig } from '../remote.config.mjs';

export default remoteConfig({
  name: 'vault',
  dir: import.meta.dirname,
  exposes: {
    './VaultPage': './src/VaultPage.tsx',
    './VaultWidget': './src/VaultWidget.tsx',
  },
});
