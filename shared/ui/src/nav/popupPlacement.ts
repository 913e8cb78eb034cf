import { useLayoutEffect, type RefObject } from 'react';

/**
 * Where the browser has the popover API, a popup stays where it is written (read next by a
 * screen reader, inside its landmark: content outside every landmark fails axe's "region" rule)
 * and is shown in the top layer, where no ancestor's overflow clips it and no ancestor's
 * transform or filter moves it (the header's backdrop-filter makes a fixed element inside it
 * relative to the header). Without it (older browsers, jsdom) a popup is only fixed in place.
 */
export const TOP_LAYER = typeof HTMLElement !== 'undefined' && typeof HTMLElement.prototype.showPopover === 'function';

export interface PopupPlacement {
  /** Which edge of the anchor the popup lines up with. */
  align?: 'start' | 'end';
  /**
   * The side tried first: `below` the anchor (a menu under its button) or `above` it (the
   * suggestions over a text field at the foot of a page, typed into from below).
   */
  side?: 'below' | 'above';
}

const GAP = 4;
const MARGIN = 8;

/**
 * Places a fixed popup beside its anchor, inside the window: on the preferred side where it fits,
 * else on the other where it fits there. Where it fits on neither (a phone held sideways, 390 px
 * high, and an anchor in the window's middle) it goes where there is more room and is cut to that
 * room, its content scrolling inside it: past the window's edge it could not be reached at all.
 */
export function placePopup(popup: HTMLElement, anchor: HTMLElement, { align = 'start', side = 'below' }: PopupPlacement = {}): void {
  const scrolled = popup.scrollTop;
  popup.style.maxHeight = '';
  const box = anchor.getBoundingClientRect();
  const { offsetWidth: width, offsetHeight: height } = popup;
  const below = box.bottom + GAP;
  const roomBelow = window.innerHeight - MARGIN - below;
  const roomAbove = box.top - GAP - MARGIN;
  const above = (room: number) => box.top - GAP - room;
  let top: number;
  if (side === 'below' ? height <= roomBelow : height > roomAbove && height <= roomBelow) top = below;
  else if (height <= roomAbove) top = above(height);
  else {
    const room = Math.max(roomBelow, roomAbove, 0);
    popup.style.maxHeight = `${Math.floor(room)}px`;
    top = roomAbove > roomBelow ? above(room) : below;
  }
  popup.scrollTop = scrolled;
  const preferredLeft = align === 'end' ? box.right - width : box.left;
  const left = Math.min(Math.max(preferredLeft, MARGIN), Math.max(MARGIN, window.innerWidth - width - MARGIN));
  // The popover's own centring (inset 0, margin auto) is undone here, so an app's rule need not.
  Object.assign(popup.style, { position: 'fixed', margin: '0', right: 'auto', bottom: 'auto', top: `${Math.round(top)}px`, left: `${Math.round(left)}px` });
}

/**
 * Keeps an open popup (a menu, a list of suggestions) beside its anchor and in the window
 * (`placePopup`): when it opens, when the page or a box around the anchor scrolls or the window
 * changes size, and when the popup or the anchor changes size (a list of suggestions shortening as
 * the person types). The popup scrolling its own content moves nothing. Shows the popup in the top
 * layer where the browser can: spread what it returns on the popup's element.
 */
export function usePopupPlacement(
  open: boolean,
  popupRef: RefObject<HTMLElement | null>,
  anchorRef: RefObject<HTMLElement | null>,
  { align = 'start', side = 'below' }: PopupPlacement = {},
): { popover?: 'manual' } {
  useLayoutEffect(() => {
    const popup = popupRef.current;
    const anchor = anchorRef.current;
    if (!open || !popup || !anchor) return;
    if (TOP_LAYER && popup.hasAttribute('popover') && !popup.matches(':popover-open')) popup.showPopover();
    const place = () => placePopup(popup, anchor, { align, side });
    const placeOnScroll = (event: Event) => {
      if (!(event.target instanceof Node && popup.contains(event.target))) place();
    };
    place();
    // Its first report comes for sizes already placed for; a size that stays the same reports nothing.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : null;
    resized?.observe(popup);
    resized?.observe(anchor);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', placeOnScroll, true);
    return () => {
      resized?.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', placeOnScroll, true);
    };
  }, [open, align, side, popupRef, anchorRef]);
  return TOP_LAYER ? { popover: 'manual' } : {};
}
