/** @jest-environment jsdom */
import { placePopup } from './popupPlacement.js';

// jsdom lays nothing out: the anchor's box and the popup's natural size are given here.
function setUp(anchorTop: number, popupHeight: number, windowHeight = 390) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: windowHeight });
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 844 });
  const anchor = document.createElement('textarea');
  anchor.getBoundingClientRect = () => ({ top: anchorTop, bottom: anchorTop + 60, left: 300, right: 560, width: 260, height: 60, x: 300, y: anchorTop, toJSON: () => ({}) });
  const popup = document.createElement('ul');
  // Its height is its content's unless a max-height cuts it.
  Object.defineProperty(popup, 'offsetHeight', { get: () => Math.min(popupHeight, parseFloat(popup.style.maxHeight) || Infinity) });
  Object.defineProperty(popup, 'offsetWidth', { get: () => 200 });
  return { anchor, popup };
}

const top = (popup: HTMLElement) => parseFloat(popup.style.top);

describe('placePopup', () => {
  it('puts a popup that prefers the anchor’s top side above it when it fits there', () => {
    const { anchor, popup } = setUp(300, 200);
    placePopup(popup, anchor, { side: 'above' });
    expect(top(popup) + 200).toBeLessThanOrEqual(300);
    expect(popup.style.maxHeight).toBe('');
    expect(popup.style).toMatchObject({ position: 'fixed', left: '300px', margin: '0px' });
  });

  it('puts it below where it fits only there, whichever side it prefers', () => {
    const { anchor, popup } = setUp(40, 200, 800);
    placePopup(popup, anchor, { side: 'above' });
    expect(top(popup)).toBeGreaterThanOrEqual(100);
    expect(popup.style.maxHeight).toBe('');
  });

  it('cuts it to the roomier side where it fits on neither, and keeps it inside the window', () => {
    // 390 px high, the anchor from 150 to 210: 138 px above, 168 below, for 260 px of options.
    const { anchor, popup } = setUp(150, 260);
    placePopup(popup, anchor, { side: 'above' });
    expect(top(popup)).toBeGreaterThanOrEqual(210);
    expect(top(popup) + popup.offsetHeight).toBeLessThanOrEqual(390);
    expect(popup.style.maxHeight).toBe('168px');

    // Measured again where it now fits (the window grew): whole, on its preferred side.
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    anchor.getBoundingClientRect = () => ({ top: 500, bottom: 560, left: 300, right: 560, width: 260, height: 60, x: 300, y: 500, toJSON: () => ({}) });
    placePopup(popup, anchor, { side: 'above' });
    expect(popup.style.maxHeight).toBe('');
    expect(top(popup) + 260).toBeLessThanOrEqual(500);
  });

  it('prefers below by default, as a menu under its button', () => {
    const { anchor, popup } = setUp(100, 120, 800);
    placePopup(popup, anchor);
    expect(top(popup)).toBeGreaterThanOrEqual(160);
  });
});
