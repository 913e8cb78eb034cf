// Transformed images, made with sharp and kept on disk: `<dataDir>/storage-renditions/<object>/
// <version>-<options>.<format>`, where `<object>` is a hash of bucket and key. Every upload gives an
// object a new version, so a changed object never meets an old rendition; making a rendition also
// removes the renditions of the object's earlier versions. Like imgproxy behind Supabase, images
// are turned upright from their EXIF orientation and never enlarged.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { storageErrors } from '../errors.js';
import { describeRendition, type Rendition } from './transform.js';

/** imgproxy's source resolution limit in Supabase's stack: 50 megapixels. */
const MAX_SOURCE_PIXELS = 50_000_000;

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

export interface StoredImage {
  bucket: string;
  key: string;
  version: string;
}

export interface RenditionFile {
  bytes: Buffer;
  /** Where the rendition is cached (its mtime tells when it was made). */
  file: string;
  /** A strong validator for this rendition of this version. */
  eTag: string;
}

async function transform(source: Readable, rendition: Rendition): Promise<Buffer> {
  // sharp (and its native libvips) is loaded on the first transformation, not at the emulator's start.
  const { default: sharp } = await import('sharp');
  const image = sharp({ limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' }).rotate();
  if (rendition.width !== null || rendition.height !== null) {
    image.resize({
      ...(rendition.width !== null ? { width: rendition.width } : {}),
      ...(rendition.height !== null ? { height: rendition.height } : {}),
      fit: FIT[rendition.resize],
      withoutEnlargement: true,
    });
  }
  const lossy =
    rendition.format === 'jpeg' || rendition.format === 'webp' || rendition.format === 'avif';
  image.toFormat(rendition.format, lossy ? { quality: rendition.quality } : {});
  source.on('error', (error) => image.destroy(error));
  source.pipe(image);
  try {
    return await image.toBuffer();
  } catch (error) {
    source.destroy();
    throw storageErrors.imageProcessing(describeSharpFailure((error as Error).message));
  }
}

function describeSharpFailure(message: string): string {
  if (/unsupported image format/i.test(message)) return 'Source image type not supported';
  if (/pixel limit/i.test(message))
    return `Source image resolution is too big (at most ${MAX_SOURCE_PIXELS / 1e6} megapixels)`;
  return `Invalid source image: ${message}`;
}

export class RenditionCache {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage-renditions');
  }

  private folderOf(image: StoredImage): string {
    return path.join(
      this.root,
      createHash('sha256').update(`${image.bucket}/${image.key}`).digest('hex'),
    );
  }

  /** The rendition from the cache, or made from `open()` and cached. */
  async get(
    image: StoredImage,
    rendition: Rendition,
    open: () => Promise<Readable>,
  ): Promise<RenditionFile> {
    const folder = this.folderOf(image);
    const name = `${image.version}-${describeRendition(rendition)}`;
    const file = path.join(folder, name);
    const eTag = `"${createHash('md5').update(`${image.bucket}/${image.key}/${name}`).digest('hex')}"`;
    try {
      return { bytes: await readFile(file), file, eTag };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const bytes = await transform(await open(), rendition);
    await mkdir(folder, { recursive: true });
    const temp = path.join(folder, `.${randomUUID()}`);
    await writeFile(temp, bytes);
    await rename(temp, file);
    await this.forgetOtherVersions(folder, image.version);
    return { bytes, file, eTag };
  }

  private async forgetOtherVersions(folder: string, version: string): Promise<void> {
    for (const name of await readdir(folder)) {
      if (!name.startsWith(`${version}-`) && !name.startsWith('.'))
        await rm(path.join(folder, name), { force: true });
    }
  }
}
