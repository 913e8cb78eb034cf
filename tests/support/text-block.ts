import type { Locator } from 'playwright-core';

/**
 * How a block of text in a list sits beside the page header's description: how many lines it
 * shows, and its area and the header's (issue #40: a list's text larger than the header, drawn
 * after the remote's code, becomes the page's Largest Contentful Paint).
 */
export function textBlockBesideHeader(block: Locator, headerSelector: string): Promise<{ lines: number; area: number; headerArea: number }> {
  return block.evaluate((element, selector) => {
    const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
    const box = element.getBoundingClientRect();
    const header = document.querySelector(selector)!.getBoundingClientRect();
    return { lines: Math.round(box.height / lineHeight), area: box.width * box.height, headerArea: header.width * header.height };
  }, headerSelector);
}
