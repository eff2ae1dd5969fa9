// The web remote of module `team` (Team Master): the company's members, invitations and roles.
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/team/module.toml.
export default remoteConfig({ manifest: '../../plugins/team/module.toml', dir: import.meta.dirname });
