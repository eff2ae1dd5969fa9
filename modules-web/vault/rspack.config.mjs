// The web remote of module `vault` (Process Vault): the /Process page and its dashboard widget.
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/vault/module.toml.
export default remoteConfig({ manifest: '../../plugins/vault/module.toml', dir: import.meta.dirname });
