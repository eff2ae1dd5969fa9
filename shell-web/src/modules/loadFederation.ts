/** The federation runtime's chunk, imported once, on first need (see federation.ts). */
let federation: Promise<typeof import('./federation')> | null = null;

export function loadFederation(): Promise<typeof import('./federation')> {
  // A failed chunk load is not kept, so that a retry imports it again.
  federation ??= import(/* webpackChunkName: "federation" */ './federation').catch((err: unknown) => {
    federation = null;
    throw err;
  });
  return federation;
}
