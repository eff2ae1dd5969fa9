// The web remote of module `alerts` (Alerts), built with the shared factory into ./dist.
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/alerts/module.toml.
export default remoteConfig({ manifest: '../../plugins/alerts/module.toml', dir: import.meta.dirname });
