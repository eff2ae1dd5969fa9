// The web remote of module `support_insight` (Support Insight), built with the shared factory into ./dist.
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/support_insight/module.toml.
export default remoteConfig({ manifest: '../../plugins/support_insight/module.toml', dir: import.meta.dirname });
