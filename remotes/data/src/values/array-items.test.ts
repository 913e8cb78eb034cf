import { itemsOf, textOfItems } from './array-items.js';

describe('array items', () => {
  it('turns JSON arrays into item texts and back, numbers as numbers', () => {
    expect(itemsOf('["copy", "web"]')).toEqual(['copy', 'web']);
    expect(itemsOf('[1, 2.5]')).toEqual(['1', '2.5']);
    expect(itemsOf('')).toEqual([]);
    expect(textOfItems('text', ['copy', 'a, b "c"'])).toBe('["copy","a, b \\"c\\""]');
    expect(textOfItems('integer', ['1', ' 2 ', 'x'])).toBe('[1,2,"x"]');
    expect(textOfItems('boolean', ['true', 'no'])).toBe('[true,"no"]');
  });

  it('keeps a text that is no JSON array as one item', () => {
    expect(itemsOf('{nope')).toEqual(['{nope']);
  });
});
