// The web remote of module `rpa_insight` (Operational Insight), built with the shared factory into ./dist.
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/rpa_insight/module.toml.
export default remoteConfig({ manifest: '../../plugins/rpa_insight/module.toml', dir: import.meta.dirname });
