declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

declare module '*.css';

declare module '*.svg' {
  const url: string;
  export default url;
}

interface ImportMeta {
  /** rspack's context module: every file of a folder matching a pattern, bundled. */
  webpackContext(
    request: string,
    options: { recursive?: boolean; regExp?: RegExp; mode?: 'sync' },
  ): { keys(): string[]; (id: string): unknown };
}

/** Build-time settings, replaced by the bundler (rspack.config.mjs). */
declare const process: { env: { AUTOSCOPE_SUPPORT_EMAIL?: string } };

// A file's text, as Vite imports it with `?raw` (tests compare the docs with the code).
declare module '*?raw' {
  const text: string;
  export default text;
}
