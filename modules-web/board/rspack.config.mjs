// The web remote of module `board` (Process Board), built with the shared factory into ./dist.
import { remoteConfig } from '../remote.config.mjs';

// Its name and exposed components come from plugins/board/module.toml.
export default remoteConfig({ manifest: '../../plugins/board/module.toml', dir: import.meta.dirname });
