import {
  documentHref,
  EMPTY_QUERY,
  parseSearchLocation,
  parseSearchQuery,
  searchHref,
} from './location.js';

const id = '0b7c6a2e-4f1d-4a59-9a57-1c2d3e4f5a6b';

describe('parseSearchLocation', () => {
  it('names each place under the route', () => {
    expect(parseSearchLocation('/search', '/search', '')).toEqual({
      page: 'search',
      query: EMPTY_QUERY,
    });
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
    expect(parseSearchLocation('/search', '/search/doc/not-an-id', '')).toEqual({
      page: 'search',
      query: EMPTY_QUERY,
    });
  });

  it('builds the link that opens a document at a passage', () => {
    expect(documentHref('/search', id, 2)).toBe(`/search/doc/${id}?passage=2`);
    expect(parseSearchLocation('/search', `/search/doc/${id}`, '?passage=2')).toMatchObject({
      passage: 2,
    });
  });
});

describe('the search in the address', () => {
  it('writes only what differs from the defaults and reads it back the same', () => {
    const query = {
      query: 'money back & card?',
      mode: 'fulltext' as const,
      source: 'pdf' as const,
      from: '2025-01-02',
      to: '2025-02-03',
    };
    const href = searchHref('/search', query);
    expect(href).toBe(
      '/search?q=money+back+%26+card%3F&mode=fulltext&source=pdf&from=2025-01-02&to=2025-02-03',
    );
    expect(parseSearchLocation('/search', '/search', href.slice('/search'.length))).toEqual({
      page: 'search',
      query,
    });
    expect(searchHref('/search', EMPTY_QUERY)).toBe('/search');
    expect(searchHref('/search', { ...EMPTY_QUERY, query: 'roses' })).toBe('/search?q=roses');
  });

  it('falls back to the defaults for values it does not know', () => {
    expect(parseSearchQuery('?q=x&mode=psychic&source=docx&from=yesterday&to=2025-13')).toEqual({
      ...EMPTY_QUERY,
      query: 'x',
    });
  });
});
