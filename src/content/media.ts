// The media library's rules (content/CONTENT-FORMAT.md "Images"): where images live, what the
// build accepts, and the HTML of an image in a content body. The build makes the versions
// (src/site-generator/media.ts); this module only describes them.
import { escapeHtml } from './escape-html.ts';

/** The folder of the content directory that holds every image (the CMS uploads there too). */
export const MEDIA_DIR = 'media';
/** The URL path an image is written with in Markdown: `![alt](/media/name.jpg)`. */
export const MEDIA_URL = '/media/';

/** What the build accepts in the media folder; the CMS refuses larger uploads with the same figure. */
export const MEDIA_LIMITS = {
  /** Bytes of one file: a phone photo (3–5 MB) fits, a camera's raw export does not. */
  maxBytes: 5 * 1024 * 1024,
  /** Pixels of the longer side: 24 MP (6000 × 4000) and smaller. */
  maxSide: 6000,
  /** Formats by file extension; SVG is refused (it can carry scripts and would need sanitizing). */
  extensions: { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'avif' },
} as const;
export type MediaFormat = (typeof MEDIA_LIMITS.extensions)[keyof typeof MEDIA_LIMITS.extensions];

/** A media file's name: letters, digits, hyphens, dots and underscores; no spaces, no folders. */
export const MEDIA_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.([A-Za-z0-9]+)$/;

/** The widths the build writes (never wider than the original); 1440 covers the text column at 2x. */
export const MEDIA_WIDTHS = [480, 960, 1440] as const;

/** How wide an image shows: the text column (--measure, 42rem), or the window when narrower. */
export const MEDIA_SIZES = '(min-width: 44rem) 42rem, 100vw';

/** One version of an image: its URL and pixel size. */
export interface MediaVersion {
  url: string;
  width: number;
  height: number;
}

/** One image of the library, with the versions the build wrote for it. */
export interface MediaImage {
  /** Its file name in the media folder. */
  name: string;
  /** WebP versions, narrowest first. */
  webp: MediaVersion[];
  /** The same widths in a format every browser shows (JPEG, or PNG when it has transparency). */
  fallback: MediaVersion[];
}

/** The images of the media folder by file name, and a hash of all of them (for caches). */
export interface MediaLibrary {
  images: ReadonlyMap<string, MediaImage>;
  fingerprint: string;
}

const srcset = (versions: MediaVersion[]) =>
  versions.map((version) => `${version.url} ${String(version.width)}w`).join(', ');

/**
 * The HTML of an image in a body: a <picture> with the WebP versions and a fallback <img> whose
 * width and height give its aspect ratio before it loads (no layout shift).
 */
export function renderImage(image: MediaImage, alt: string): string {
  const largest = image.fallback.at(-1);
  const middle = image.fallback[Math.min(1, image.fallback.length - 1)];
  if (!largest || !middle) throw new Error(`${image.name}: no versions`);
  return (
    `<picture><source type="image/webp" srcset="${srcset(image.webp)}" sizes="${MEDIA_SIZES}">` +
    `<img src="${middle.url}" srcset="${srcset(image.fallback)}" sizes="${MEDIA_SIZES}" width="${String(largest.width)}" height="${String(largest.height)}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async"></picture>`
  );
}
