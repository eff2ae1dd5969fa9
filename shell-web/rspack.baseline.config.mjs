// The size baseline's build (see scripts/size-report.mjs): the shell's settings, another
// entry, its own output folder.
import { createConfig } from './rspack.config.mjs';

export default () =>
  createConfig({
    entry: './baseline/index.tsx',
    outDir: 'dist-baseline',
    production: true,
    title: 'Autoscope baseline',
  });
