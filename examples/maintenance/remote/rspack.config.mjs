// The module's web remote, built into ./dist by `autoscope module build` (`npm run build`).
import { remoteConfig } from '@autoscope/remote-build';

// Its name and exposed components come from ../module.toml.
export default remoteConfig({ manifest: '../module.toml', dir: import.meta.dirname });
