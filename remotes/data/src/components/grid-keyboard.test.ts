/** @jest-environment jsdom */
import { attachGridKeyboard } from './grid-keyboard.js';

function grid(): HTMLTableElement {
  document.body.innerHTML = `
    <button id="before">before</button>
    <table role="grid">
      <thead><tr><th><input type="checkbox" id="all"></th><th><button id="sort-a">a</button></th><th><button id="sort-b">b</button></th></tr></thead>
      <tbody>
        <tr><td><input type="checkbox" id="r1"></td><td><button id="a1">1</button><a href="/x" id="l1">open</a></td><td id="b1">read only</td></tr>
        <tr><td><input type="checkbox" id="r2"></td><td><button id="a2">2</button></td><td id="b2">read only</td></tr>
      </tbody>
    </table>
    <button id="after">after</button>`;
  return document.querySelector('table')!;
}

const key = (target: Element, name: string, ctrl = false) => target.dispatchEvent(new KeyboardEvent('keydown', { key: name, ctrlKey: ctrl, bubbles: true }));
const el = (id: string) => document.getElementById(id)!;

describe('attachGridKeyboard', () => {
  it('leaves one tab stop in the grid, on the first body cell', () => {
    const detach = attachGridKeyboard(grid());
    const inTabOrder = [...document.querySelectorAll('table [tabindex="0"]')].map((e) => e.id);
    expect(inTabOrder).toEqual(['r1']);
    expect(document.querySelectorAll('table [tabindex="-1"]').length).toBeGreaterThan(5);
    detach();
  });

  it('moves with the arrows across cells and their controls, and down columns', () => {
    const detach = attachGridKeyboard(grid());
    el('r1').focus();
    key(el('r1'), 'ArrowRight');
    expect(document.activeElement).toBe(el('a1'));
    key(el('a1'), 'ArrowRight');
    expect(document.activeElement).toBe(el('l1'));
    key(el('l1'), 'ArrowRight');
    expect(document.activeElement).toBe(el('b1'));
    key(el('b1'), 'ArrowDown');
    expect(document.activeElement).toBe(el('b2'));
    key(el('b2'), 'ArrowUp');
    key(el('b1'), 'ArrowUp');
    expect(document.activeElement).toBe(el('sort-b'));
    key(el('sort-b'), 'Home', true);
    expect(document.activeElement).toBe(el('all'));
    key(el('all'), 'End', true);
    expect(document.activeElement).toBe(el('b2'));
    // The tab stop moved with the focus.
    expect([...document.querySelectorAll('table [tabindex="0"]')].map((e) => e.id)).toEqual(['b2']);
    detach();
  });
});
