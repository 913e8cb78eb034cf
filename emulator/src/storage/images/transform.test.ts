import {
  decideRendition,
  parseTransformationString,
  parseTransformOptions,
} from './transform.js';

describe('image transformation options', () => {
  it('reads query values, clamps sizes to 2500 and treats 0 as not given', () => {
    expect(
      parseTransformOptions({
        width: '100',
        height: '0',
        resize: 'contain',
        quality: '55',
        format: 'origin',
      }),
    ).toEqual({
      width: 100,
      resize: 'contain',
      quality: 55,
      format: 'origin',
    });
    expect(parseTransformOptions({ width: '99999' })).toEqual({ width: 2500 });
  });

  it('refuses what storage-api refuses, naming the option', () => {
    expect(() => parseTransformOptions({ width: '-1' })).toThrow(/width must be a whole number/);
    expect(() => parseTransformOptions({ height: '1.5' })).toThrow(/height must be a whole number/);
    expect(() => parseTransformOptions({ resize: 'stretch' })).toThrow(
      /resize must be one of cover, contain, fill/,
    );
    expect(() => parseTransformOptions({ quality: '19' })).toThrow(
      /quality must be a whole number from 20 to 100/,
    );
    expect(() => parseTransformOptions({ format: 'webp' })).toThrow(
      /format must be origin or avif/,
    );
  });

  it("reads a signed token's transformation string", () => {
    expect(parseTransformationString('width:64,height:32,resize:fill')).toEqual({
      width: 64,
      height: 32,
      resize: 'fill',
    });
  });

  it('sends WebP to clients that accept it unless a format is fixed', () => {
    expect(decideRendition({}, 'image/png', 'image/webp,*/*')).toEqual({
      width: null,
      height: null,
      resize: 'cover',
      quality: 80,
      format: 'webp',
    });
    expect(decideRendition({}, 'image/jpeg', '*/*').format).toBe('jpeg');
    expect(decideRendition({ format: 'origin' }, 'image/png', 'image/webp').format).toBe('png');
    expect(decideRendition({ format: 'avif' }, 'image/png', null).format).toBe('avif');
  });
});
