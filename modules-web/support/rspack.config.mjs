// The web remote of module `support` (Ticket Management): the /Support page and its dashboard widget.
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/support/module.toml.
export default remoteConfig({ manifest: '../../plugins/support/module.toml', dir: import.meta.dirname });
