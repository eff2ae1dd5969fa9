// The web remote of module `ranking` (Process Ranking), built with the shared factory into ./dist.
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/ranking/module.toml.
export default remoteConfig({ manifest: '../../plugins/ranking/module.toml', dir: import.meta.dirname });
