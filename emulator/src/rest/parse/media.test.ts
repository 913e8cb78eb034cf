import { isRestError } from '../errors.js';
import { bodyFormat, contentTypeOf, negotiate } from './media.js';

describe('negotiate', () => {
  it('serves JSON by default and for wildcards', () => {
    for (const accept of [undefined, '', '*/*', 'application/*', 'application/json']) {
      expect(negotiate(accept, 'rows')).toEqual({
        kind: 'json',
        singular: false,
        stripNulls: false,
      });
    }
  });

  it('reads vnd.pgrst.plan as PostgREST: text without a suffix, for= defaulting to JSON, known options in order', () => {
    const enabled = { planEnabled: true };
    expect(negotiate('application/vnd.pgrst.plan', 'rows', enabled)).toEqual({
      kind: 'plan',
      format: 'text',
      for: { kind: 'json', singular: false, stripNulls: false },
      forMime: 'application/json',
      options: [],
    });
    const csv = negotiate(
      'application/vnd.pgrst.plan+json; for="text/csv"; options=wal|nope|analyze;',
      'rows',
      enabled,
    );
    expect(csv).toEqual({
      kind: 'plan',
      format: 'json',
      for: { kind: 'csv' },
      forMime: 'text/csv',
      options: ['analyze', 'wal'],
    });
    expect(contentTypeOf(csv)).toBe(
      'application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|wal; charset=utf-8',
    );
  });

  it('refuses vnd.pgrst.plan unless db-plan-enabled, naming it as PostgREST does (406 PGRST107)', () => {
    let thrown: unknown;
    try {
      negotiate('application/vnd.pgrst.plan; options=buffers', 'rows');
    } catch (error) {
      thrown = error;
    }
    expect(isRestError(thrown) && [thrown.status, thrown.toBody()]).toEqual([
      406,
      {
        code: 'PGRST107',
        message:
          'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"; options=buffers',
        details: null,
        hint: null,
      },
    ]);
  });

  it('serves application/geo+json only where PostGIS is there', () => {
    expect(negotiate('application/geo+json', 'rows', { geoJson: true })).toEqual({
      kind: 'geojson',
    });
    expect(() => negotiate('application/geo+json', 'rows')).toThrow(
      'None of these media types are available: application/geo+json',
    );
  });

  it('serves singular objects, stripped nulls and CSV', () => {
    expect(negotiate('application/vnd.pgrst.object+json', 'rows')).toEqual({
      kind: 'json',
      singular: true,
      stripNulls: false,
    });
    expect(negotiate('application/vnd.pgrst.object+json;nulls=stripped', 'rows')).toMatchObject({
      singular: true,
      stripNulls: true,
    });
    expect(negotiate('application/vnd.pgrst.array+json;nulls=stripped', 'rows')).toMatchObject({
      singular: false,
      stripNulls: true,
    });
    expect(negotiate('text/csv', 'rows')).toEqual({ kind: 'csv' });
  });

  it('honours q values and skips what it cannot serve', () => {
    expect(negotiate('text/html;q=0.9, text/csv;q=0.5', 'rows')).toEqual({ kind: 'csv' });
    expect(negotiate('application/openapi+json', 'root')).toEqual({ kind: 'openapi' });
  });

  it('answers 406 PGRST107 for what it cannot serve', () => {
    for (const [accept, target] of [
      ['text/html', 'rows'],
      ['application/geo+json', 'rows'],
      ['application/vnd.pgrst.plan+text; for="application/json"', 'rows'],
      ['application/vnd.pgrst.object+json', 'root'],
    ] as const) {
      let status = 0;
      try {
        negotiate(accept, target);
      } catch (error) {
        if (isRestError(error) && error.code === 'PGRST107') status = error.status;
      }
      expect(status).toBe(406);
    }
  });

  it('names the response type', () => {
    expect(contentTypeOf({ kind: 'json', singular: true, stripNulls: false })).toBe(
      'application/vnd.pgrst.object+json; charset=utf-8',
    );
    expect(contentTypeOf({ kind: 'csv' })).toBe('text/csv; charset=utf-8');
  });
});

describe('bodyFormat', () => {
  it('treats a missing type as JSON and refuses unknown ones with 415', () => {
    expect(bodyFormat(undefined)).toBe('json');
    expect(bodyFormat('application/json; charset=utf-8')).toBe('json');
    expect(bodyFormat('text/csv')).toBe('csv');
    let status = 0;
    try {
      bodyFormat('application/xml');
    } catch (error) {
      if (isRestError(error)) status = error.status;
    }
    expect(status).toBe(415);
  });
});
