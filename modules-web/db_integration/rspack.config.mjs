// The web remote of module `db_integration` (Database Integration): the /databaseIntegration page.
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/db_integration/module.toml.
export default remoteConfig({ manifest: '../../plugins/db_integration/module.toml', dir: import.meta.dirname });
