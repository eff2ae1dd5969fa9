// The web remote of module `board` (Process Board), built with the shared factory into ./dist.
import { remoteConfig } from '../remote.config.mjs';

export default remoteConfig({
  name: 'board',
  dir: import.meta.dirname,
  exposes: {
    './BoardPage': './src/BoardPage.tsx',
  },
});
