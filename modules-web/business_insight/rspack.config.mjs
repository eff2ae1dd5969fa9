// The web remote of module `business_insight` (Business Insight), built with the shared factory into ./dist.
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/business_insight/module.toml.
export default remoteConfig({ manifest: '../../plugins/business_insight/module.toml', dir: import.meta.dirname });
