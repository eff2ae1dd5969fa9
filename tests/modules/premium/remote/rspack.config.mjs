// The web remote of test module `premium` (for the browser tests; not a product module).
import { remoteConfig } from '../../../../modules-web/remote.config.mjs';

// Its name and exposed components come from tests/modules/premium/module.toml.
export default remoteConfig({ manifest: '../module.toml', dir: import.meta.dirname });
