// The web remote of module `bots` (Bot Profile): the /BotProfile page.
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/bots/module.toml.
export default remoteConfig({ manifest: '../../plugins/bots/module.toml', dir: import.meta.dirname });
