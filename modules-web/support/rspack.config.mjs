// The web remote of module `support` (Ticket Management): the /Support page and its dashboard widget.
import { remoteConfig } from '../remote.config.mjs';

export default remoteConfig({
  name: 'support',
  dir: import.meta.dirname,
  exposes: {
    './SupportPage': './src/SupportPage.tsx',
    './SupportWidget': './src/SupportWidget.tsx',
  },
});
