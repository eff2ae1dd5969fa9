/**
 * Where the snackbar goes so that it never covers an open drawer's or modal's title and
 * controls: at the top centre (the spec) when that is clear of every open dialog; else at the
 * top centre of the widest part of the page beside them (a drawer from the right on a wide
 * screen); else just below their headers (a drawer or modal that fills a phone's screen).
 */

import { useLayoutEffect, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** An open dialog and its header (title and close button), null when it has none. */
export interface OpenDialog {
  box: Box;
  header: Box | null;
}

/** The snackbar's top and horizontal centre, and its width, in px of the viewport. */
export interface Placement {
  top: number;
  centre: number;
  width: number;
}

/** Mantine's `md` spacing: the snackbar's distance from the viewport's edges. */
const MARGIN = 16;
/** The snackbar's width where there is room (Mantine's notifications container). */
const MAX_WIDTH = 440;
/** Narrower than this, a message wraps too much to read: the snackbar goes below the headers instead. */
const MIN_WIDTH = 280;
/** Below a dialog's header, a little apart from it. */
const GAP = 8;
/** A one-line snackbar, for before the snackbar is measured. */
export const ONE_LINE_HEIGHT = 64;

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The widest stretch of [0, width) that none of `blocked` (left, right pairs) covers. */
function widestGap(width: number, blocked: [number, number][]): [number, number] {
  let best: [number, number] = [0, 0];
  let from = 0;
  for (const [left, right] of [...blocked, [width, width] as [number, number]].sort((a, b) => a[0] - b[0])) {
    const to = Math.min(left, width);
    if (to - from > best[1] - best[0]) best = [from, to];
    from = Math.max(from, right);
  }
  return best;
}

/** Where a snackbar `height` px tall goes in a viewport `width` px wide with `dialogs` open. */
export function placeSnackbar(width: number, dialogs: OpenDialog[], height: number): Placement {
  const fullWidth = Math.min(MAX_WIDTH, width - 2 * MARGIN);
  const atTop = { top: MARGIN, centre: width / 2, width: fullWidth };
  const boxAt = ({ top, centre, width: w }: Placement): Box => ({
    left: centre - w / 2,
    right: centre + w / 2,
    top,
    bottom: top + height,
  });
  if (!dialogs.some((dialog) => overlaps(boxAt(atTop), dialog.box))) return atTop;

  const band = { left: 0, right: width, top: MARGIN, bottom: MARGIN + height };
  const blocked = dialogs
    .filter((dialog) => overlaps(band, dialog.box))
    .map(({ box }): [number, number] => [box.left, box.right]);
  const [left, right] = widestGap(width, blocked);
  const besideWidth = Math.min(MAX_WIDTH, right - left - 2 * MARGIN);
  if (besideWidth >= MIN_WIDTH) return { top: MARGIN, centre: (left + right) / 2, width: besideWidth };

  const headersEnd = Math.max(...dialogs.map((dialog) => dialog.header?.bottom ?? 0));
  return { ...atTop, top: Math.max(MARGIN, headersEnd + GAP) };
}

const boxOf = (element: Element): Box => {
  const { left, top, right, bottom } = element.getBoundingClientRect();
  return { left, top, right, bottom };
};

/** The open modal dialogs on the page (drawers and modals, the shell's and the modules'). */
export function openDialogs(): OpenDialog[] {
  return [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].flatMap((dialog) => {
    const box = boxOf(dialog);
    // Kept mounted while closed, or not laid out: nothing to keep clear.
    if (box.right - box.left === 0 || box.bottom - box.top === 0) return [];
    const header = dialog.querySelector('header');
    return [{ box, header: header ? boxOf(header) : null }];
  });
}

/** The tallest snackbar showing (they are marked with their kind), or one line before it shows. */
function snackbarHeight(): number {
  const shown = [...document.querySelectorAll<HTMLElement>('[data-notice]')].map((notice) => notice.scrollHeight);
  return Math.max(ONE_LINE_HEIGHT, ...shown);
}

const samePlace = (a: Placement | null, b: Placement) =>
  a !== null && a.top === b.top && a.centre === b.centre && a.width === b.width;

/**
 * The snackbar's placement (null before the first: the stylesheet's top centre), followed
 * while one shows as dialogs open, close or finish moving in and as the window is resized; a
 * snackbar on its way out stays where it was.
 */
export function useSnackbarPlacement(): Placement | null {
  const showing = useNotifications().notifications.length > 0;
  const [placement, setPlacement] = useState<Placement | null>(null);

  useLayoutEffect(() => {
    if (!showing) return;
    const place = () => {
      const next = placeSnackbar(window.innerWidth, openDialogs(), snackbarHeight());
      setPlacement((current) => (samePlace(current, next) ? current : next));
    };
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    // Placed before it is first painted, then again whenever a dialog may have come or gone.
    place();
    const observer = new MutationObserver(later);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', later);
    document.addEventListener('transitionend', later, true);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', later);
      document.removeEventListener('transitionend', later, true);
    };
  }, [showing]);

  return placement;
}
