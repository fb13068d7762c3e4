// The media library at build time: checks every file of content/media against MEDIA_LIMITS and
// writes its responsive versions (WebP and a JPEG or PNG fallback, never wider than the original)
// with sharp. The versions are kept in the build cache by the image's bytes and these settings,
// so a rebuild encodes only new or changed images.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import {
  MEDIA_DIR,
  MEDIA_LIMITS,
  MEDIA_NAME,
  MEDIA_URL,
  MEDIA_WIDTHS,
  type MediaFormat,
  type MediaImage,
  type MediaLibrary,
  type MediaVersion,
} from '../content/media.ts';

// Everything the versions' bytes depend on besides the image: a change here encodes them again.
const SETTINGS = {
  version: 1,
  // A cached image passed these limits; new limits check every image again.
  limits: MEDIA_LIMITS,
  widths: MEDIA_WIDTHS,
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 75, mozjpeg: true },
  png: { compressionLevel: 9 },
  sharp: sharp.versions,
} as const;
const SETTINGS_HASH = createHash('sha256').update(JSON.stringify(SETTINGS)).digest('hex');

// sharp's name for each accepted format (an AVIF file is HEIF compressed with AV1).
const SHARP_FORMATS: Record<MediaFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'heif',
};

/** The library, and where each version's file is in the cache (by its URL path). */
export interface PreparedMedia {
  library: MediaLibrary;
  files: Map<string, string>;
  /** Images encoded by this build (the others came from the cache). */
  encoded: number;
  /** Time spent encoding them. */
  encodeMs: number;
}

interface CacheEntry {
  image: MediaImage;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/**
 * The widths to write for an original `width` pixels wide: the standard widths below it (one
 * within 10% of it adds nothing), then the original's own width up to the largest standard one.
 */
export function versionWidths(width: number): number[] {
  const largest = Math.max(...MEDIA_WIDTHS);
  return [
    ...MEDIA_WIDTHS.filter((candidate) => candidate < largest && candidate <= width * 0.9),
    Math.min(width, largest),
  ];
}

const formatOf = (name: string): MediaFormat | undefined =>
  (MEDIA_LIMITS.extensions as Record<string, MediaFormat | undefined>)[
    MEDIA_NAME.exec(name)?.[1]?.toLowerCase() ?? ''
  ];

/** Checks one file's name and size before reading it; returns its problem, if any. */
function checkFile(file: string, name: string, bytes: number): string | undefined {
  const accepted = Object.keys(MEDIA_LIMITS.extensions).join(', ');
  const extension = /\.([^.]*)$/.exec(name)?.[1]?.toLowerCase();
  if (extension === 'svg')
    return `${file}: SVG is not accepted (it can hold scripts); use ${accepted}`;
  if (!MEDIA_NAME.test(name) || !formatOf(name))
    return `${file}: a media file's name has only letters, digits, hyphens, dots and underscores, and ends in .${Object.keys(MEDIA_LIMITS.extensions).join(', .')}`;
  if (bytes > MEDIA_LIMITS.maxBytes)
    return `${file}: ${megabytes(bytes)} is over the limit of ${String(MEDIA_LIMITS.maxBytes / 1024 / 1024)} MB; make it smaller (${String(MEDIA_LIMITS.maxSide)} pixels a side at most; JPEG quality 80 is enough)`;
  return undefined;
}

/** Checks one image's pixels; returns its problem, or its size and whether it has transparency. */
async function inspect(
  file: string,
  name: string,
  bytes: Buffer,
): Promise<string | { width: number; height: number; alpha: boolean }> {
  const format = formatOf(name) ?? 'jpeg';
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    return `${file}: not a readable image`;
  }
  if (metadata.format !== SHARP_FORMATS[format])
    return `${file}: the file holds a ${metadata.format} image, not ${format}; save it with the right extension`;
  if ((metadata.pages ?? 1) > 1)
    return `${file}: an animated image (${String(metadata.pages)} frames); only still images are accepted`;
  const { width, height } = metadata.autoOrient;
  if (Math.max(width, height) > MEDIA_LIMITS.maxSide)
    return `${file}: ${String(width)} × ${String(height)} pixels is over the limit of ${String(MEDIA_LIMITS.maxSide)} pixels a side`;
  return { width, height, alpha: metadata.hasAlpha };
}

/** Encodes one image's versions into `dir`; returns the image with their URLs and sizes. */
async function encode(
  name: string,
  bytes: Buffer,
  hash: string,
  size: { width: number; alpha: boolean },
  dir: string,
): Promise<MediaImage> {
  const base = name.replace(/\.[^.]+$/, '');
  const fallbackExtension = size.alpha ? 'png' : 'jpg';
  const write = async (width: number, extension: 'webp' | 'jpg' | 'png'): Promise<MediaVersion> => {
    const resized = sharp(bytes).autoOrient().resize({ width, withoutEnlargement: true });
    const encoder =
      extension === 'webp'
        ? resized.webp(SETTINGS.webp)
        : extension === 'png'
          ? resized.png(SETTINGS.png)
          : resized.jpeg(SETTINGS.jpeg);
    const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
    const fileName = `${base}-${hash.slice(0, 10)}-${String(info.width)}.${extension}`;
    await writeFile(join(dir, fileName), data);
    return { url: `${MEDIA_URL}${fileName}`, width: info.width, height: info.height };
  };
  const widths = versionWidths(size.width);
  const webp = await Promise.all(widths.map((width) => write(width, 'webp')));
  const fallback = await Promise.all(widths.map((width) => write(width, fallbackExtension)));
  return { name, webp, fallback };
}

/**
 * Checks and prepares every image of `contentDir`/media (none when the folder does not exist).
 * Throws one error listing every file that breaks a limit. `reuse` false encodes everything again.
 */
export async function prepareMedia(
  contentDir: string,
  cacheDir: string,
  reuse: boolean,
): Promise<PreparedMedia> {
  const mediaDir = join(contentDir, MEDIA_DIR);
  const cacheRoot = join(cacheDir, 'media');
  const names = existsSync(mediaDir)
    ? (await readdir(mediaDir, { withFileTypes: true }))
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => entry.name)
        .sort()
    : [];
  const problems: string[] = [];
  const images = new Map<string, MediaImage>();
  const files = new Map<string, string>();
  const used = new Set<string>();
  let encoded = 0;
  let encodeMs = 0;
  for (const name of names) {
    const file = join(mediaDir, name);
    const refused = checkFile(file, name, (await stat(file)).size);
    if (refused) {
      problems.push(refused);
      continue;
    }
    const bytes = await readFile(file);
    const hash = createHash('sha256')
      .update(SETTINGS_HASH)
      .update(name)
      .update(bytes)
      .digest('hex');
    const entryDir = join(cacheRoot, hash.slice(0, 32));
    const entryFile = join(entryDir, 'image.json');
    let image: MediaImage | undefined;
    if (reuse && existsSync(entryFile))
      image = (JSON.parse(await readFile(entryFile, 'utf8')) as CacheEntry).image;
    else {
      const checked = await inspect(file, name, bytes);
      if (typeof checked === 'string') {
        problems.push(checked);
        continue;
      }
      const start = performance.now();
      await rm(entryDir, { recursive: true, force: true });
      await mkdir(entryDir, { recursive: true });
      image = await encode(name, bytes, hash, checked, entryDir);
      await writeFile(entryFile, JSON.stringify({ image } satisfies CacheEntry));
      encodeMs += performance.now() - start;
      encoded++;
    }
    used.add(hash.slice(0, 32));
    images.set(name, image);
    for (const version of [...image.webp, ...image.fallback])
      files.set(version.url, join(entryDir, version.url.slice(MEDIA_URL.length)));
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  // Versions of images no longer in the folder (or encoded with other settings) go.
  if (existsSync(cacheRoot))
    for (const entry of await readdir(cacheRoot))
      if (!used.has(entry)) await rm(join(cacheRoot, entry), { recursive: true, force: true });
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([...images.values()]))
    .digest('hex');
  return { library: { images, fingerprint }, files, encoded, encodeMs };
}

/** Copies the prepared versions into `outDir` (their URL paths: /media/…). */
export async function writeMedia(prepared: PreparedMedia, outDir: string): Promise<void> {
  if (prepared.files.size === 0) return;
  await mkdir(join(outDir, MEDIA_DIR), { recursive: true });
  for (const [url, cached] of prepared.files) await copyFile(cached, join(outDir, url));
}
