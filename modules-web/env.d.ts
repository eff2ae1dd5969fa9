// CSS modules, default-imported as the remote config builds them.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
