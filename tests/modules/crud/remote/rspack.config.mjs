// The web remote of test module `crud` (for the browser tests; not a product module).
// Built with the shared factory into ./dist, which `tests/modules/build-test-packages.mjs` packs.
import { remoteConfig } from '../../../../modules-web/remote.config.mjs';

// Its name and exposed components come from tests/modules/crud/module.toml.
export default remoteConfig({ manifest: '../module.toml', dir: import.meta.dirname });
