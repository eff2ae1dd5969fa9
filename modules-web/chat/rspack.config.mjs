// The web remote of module `chat`: the /Chat page (channels, direct messages, threads).
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/chat/module.toml.
export default remoteConfig({ manifest: '../../plugins/chat/module.toml', dir: import.meta.dirname });
