/** The federation runtime's chunk, imported once, on first need (see federation.ts). */
let federation: Promise<typeof import('./federation')> | null = null;
/** The same chunk once it has arrived, for callers that must not wait a tick. */
let arrived: typeof import('./federation') | null = null;

export function loadFederation(): Promise<typeof import('./federation')> {
  // A failed chunk load is not kept, so that a retry imports it again.
  federation ??= import(/* webpackChunkName: "federation" */ './federation').then(
    (module) => (arrived = module),
    (err: unknown) => {
      federation = null;
      throw err;
    },
  );
  return federation;
}

/** The federation runtime if its chunk has arrived; null before. */
export function loadedFederation(): typeof import('./federation') | null {
  return arrived;
}
