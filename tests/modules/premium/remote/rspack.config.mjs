// The web remote of test module `premium` (for the browser tests; not a product module).
import { remoteConfig } from '../../../../modules-web/remote.config.mjs';

export default remoteConfig({
  name: 'premium',
  dir: import.meta.dirname,
  exposes: { './PremiumPage': './src/PremiumPage.tsx' },
});
