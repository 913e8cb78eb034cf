import { documentHref, parseSearchLocation } from './location.js';

const id = '0b7c6a2e-4f1d-4a59-9a57-1c2d3e4f5a6b';

describe('parseSearchLocation', () => {
  it('names each place under the route', () => {
    expect(parseSearchLocation('/search', '/search', '')).toEqual({ page: 'search' });
    expect(parseSearchLocation('/search', '/search/add/', '')).toEqual({ page: 'add' });
    expect(parseSearchLocation('/search', '/search/documents', '')).toEqual({ page: 'documents' });
    expect(parseSearchLocation('/search', `/search/doc/${id}`, '?passage=3')).toEqual({
      page: 'document',
      id,
      passage: 3,
    });
    expect(parseSearchLocation('/search', `/search/doc/${id}`, '?passage=x')).toEqual({
      page: 'document',
      id,
      passage: null,
    });
    expect(parseSearchLocation('/search', '/search/doc/not-an-id', '')).toEqual({ page: 'search' });
  });

  it('builds the link that opens a document at a passage', () => {
    expect(documentHref('/search', id, 2)).toBe(`/search/doc/${id}?passage=2`);
    expect(parseSearchLocation('/search', `/search/doc/${id}`, '?passage=2')).toMatchObject({
      passage: 2,
    });
  });
});
