// Image transformation options as storage-api accepts them (docs/compatibility.md#storage-image-transformations):
// `width`, `height` (whole pixels, clamped to 1–2500), `resize` (cover | contain | fill, cover by
// default), `quality` (20–100, 80 by default), `format` (origin | avif). Without `format` the
// image is sent as WebP when the client accepts it, as imgproxy does behind Supabase; `origin`
// keeps the stored format. Query strings and signed tokens carry the same options.
import { storageErrors } from '../errors.js';

export type ResizeMode = 'cover' | 'contain' | 'fill';
export type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: ResizeMode;
  quality?: number;
  format?: 'origin' | 'avif';
}

/** What a rendition is made of, fully decided (the cache key). */
export interface Rendition {
  width: number | null;
  height: number | null;
  resize: ResizeMode;
  quality: number;
  format: OutputFormat;
}

export const MAX_DIMENSION = 2500;
export const DEFAULT_QUALITY = 80;

const RESIZE_MODES: readonly string[] = ['cover', 'contain', 'fill'];

function wholeNumber(name: string, value: string | number): number {
  const number =
    typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < 0) {
    throw storageErrors.invalidParameter(
      name,
      `${name} must be a whole number of pixels, not ${JSON.stringify(value)}`,
    );
  }
  return number;
}

/** Options from `name → value` pairs (query string, or a signed token's `transformations`). */
export function parseTransformOptions(
  values: Record<string, string | number | undefined>,
): TransformOptions {
  const options: TransformOptions = {};
  for (const name of ['width', 'height'] as const) {
    const value = values[name];
    if (value === undefined || value === '') continue;
    const pixels = wholeNumber(name, value);
    // storage-api clamps rather than refuses; 0 means "not given".
    if (pixels > 0) options[name] = Math.min(pixels, MAX_DIMENSION);
  }
  const resize = values.resize;
  if (resize !== undefined && resize !== '') {
    if (!RESIZE_MODES.includes(String(resize))) {
      throw storageErrors.invalidParameter(
        'resize',
        `resize must be one of cover, contain, fill, not ${JSON.stringify(resize)}`,
      );
    }
    options.resize = String(resize) as ResizeMode;
  }
  const quality = values.quality;
  if (quality !== undefined && quality !== '') {
    const number = typeof quality === 'number' ? quality : Number(quality);
    if (!Number.isInteger(number) || number < 20 || number > 100) {
      throw storageErrors.invalidParameter(
        'quality',
        `quality must be a whole number from 20 to 100, not ${JSON.stringify(quality)}`,
      );
    }
    options.quality = number;
  }
  const format = values.format;
  if (format !== undefined && format !== '') {
    if (format !== 'origin' && format !== 'avif') {
      throw storageErrors.invalidParameter(
        'format',
        `format must be origin or avif, not ${JSON.stringify(format)}`,
      );
    }
    options.format = format;
  }
  return options;
}

/** `width:100,height:50,resize:cover` (how a signed URL's token carries its transformation). */
export function parseTransformationString(value: string): TransformOptions {
  const values: Record<string, string> = {};
  for (const part of value.split(',')) {
    const colon = part.indexOf(':');
    if (colon > 0) values[part.slice(0, colon)] = part.slice(colon + 1);
  }
  return parseTransformOptions(values);
}

const FORMAT_OF_MIME: Record<string, OutputFormat> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
};

export const MIME_OF_FORMAT: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
};

/**
 * The rendition to make: the stored format for `origin` (JPEG for anything not kept as such),
 * AVIF when asked, else WebP for clients that accept it.
 */
export function decideRendition(
  options: TransformOptions,
  storedMimeType: string,
  accept: string | null,
): Rendition {
  const stored =
    FORMAT_OF_MIME[(storedMimeType.split(';')[0] ?? '').trim().toLowerCase()] ?? 'jpeg';
  let format: OutputFormat;
  if (options.format === 'avif') format = 'avif';
  else if (options.format === 'origin') format = stored;
  else format = /image\/webp/i.test(accept ?? '') ? 'webp' : stored;
  return {
    width: options.width ?? null,
    height: options.height ?? null,
    resize: options.resize ?? 'cover',
    quality: options.quality ?? DEFAULT_QUALITY,
    format,
  };
}

export function describeRendition(rendition: Rendition): string {
  return `w${rendition.width ?? ''}-h${rendition.height ?? ''}-${rendition.resize}-q${rendition.quality}.${rendition.format}`;
}
