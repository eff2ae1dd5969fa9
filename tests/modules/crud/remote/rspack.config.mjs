// The web remote of test module `crud` (for the browser tests; not a product module).
// Built with the shared factory into ./dist, which `tests/modules/build-test-packages.mjs` packs.
import { remoteConfig } from '../../../../modules-web/remote.config.mjs';

export default remoteConfig({
  name: 'crud',
  dir: import.meta.dirname,
  exposes: {
    './ItemsPage': './src/ItemsPage.tsx',
    './ItemsWidget': './src/ItemsWidget.tsx',
  },
});
