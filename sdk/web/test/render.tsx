/** A minimal render for hook tests: react-dom/client inside act(), on jsdom. */

import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  rerender(node: ReactNode): void;
  unmount(): void;
}

export function render(node: ReactNode): Rendered {
  const container = document.createElement('div');
  document.body.appendChild(container);
  let root: Root | undefined;
  act(() => {
    root = createRoot(container);
    root.render(node);
  });
  return {
    container,
    rerender(next) {
      act(() => root!.render(next));
    },
    unmount() {
      act(() => root!.unmount());
      container.remove();
    },
  };
}
