// The web remote of module `calendar`: the /Calendar page (events, invitations, bot schedules).
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/calendar/module.toml.
export default remoteConfig({ manifest: '../../plugins/calendar/module.toml', dir: import.meta.dirname });
