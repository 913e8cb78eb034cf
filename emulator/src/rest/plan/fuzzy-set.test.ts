import { FuzzySet } from './fuzzy-set.js';

// The examples of PostgREST's Error.hs (noRpcHint, noRelBetweenHint) and of Data.FuzzySet.
describe('FuzzySet', () => {
  it('suggests a function name only at a score of 0.75 or more (noRpcHint)', () => {
    const names = new FuzzySet(['test', 'another']);
    expect(names.getOne('testt', 0.75)).toBe('test');
    expect(names.getOne('other', 0.75)).toBeNull();
    expect(names.getOne('noclosealternative', 0.75)).toBeNull();
  });

  it('suggests the closest parameter list at the default 0.33 (noRpcHint with overloads)', () => {
    const lists = new FuzzySet(['(name, param, val)', '(attr, id)']);
    expect(lists.getOne('(nam, pqaram, vall)')).toBe('(name, param, val)');
    expect(lists.getOne('(param, val)')).toBe('(name, param, val)');
    expect(lists.getOne('(attrs, id)')).toBe('(attr, id)');
    expect(lists.getOne('(id)')).toBe('(attr, id)');
    expect(lists.getOne('(noclosealternative)')).toBeNull();
  });

  it('matches nothing that shares no n-gram: "()" is never offered for "(x)"', () => {
    expect(new FuzzySet(['()']).getOne('(x)')).toBeNull();
  });

  it('answers an exact match (ignoring case) with score 1, and the value as added', () => {
    expect(new FuzzySet(['Films']).get('films')).toEqual([{ score: 1, value: 'Films' }]);
  });

  it("scores by Levenshtein after the cosine pre-selection (the library's own example)", () => {
    const set = new FuzzySet(['tea', 'biscuits', 'cake', 'coffee']);
    expect(set.get('covfefe')).toEqual([{ score: 1 - 2 / 7, value: 'coffee' }]);
  });
});
