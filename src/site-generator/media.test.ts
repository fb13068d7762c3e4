// The media library at build time, on images made here with sharp: the versions' sizes (never
// wider than the original), the cache, and the refusals, each naming the file.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareMedia, versionWidths, writeMedia } from './media.ts';

const dir = resolve(import.meta.dirname, '../../.cache/media-test');
const content = join(dir, 'content');
const media = join(content, 'media');

/** A photo-like image (a gradient with noise, so it does not compress to nothing). */
const photo = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#36a',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  });

const sizesOf = (versions: { width: number; height: number }[]) =>
  versions.map(({ width, height }) => `${String(width)}x${String(height)}`);

describe('the media library at build time', () => {
  beforeAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(media, { recursive: true });
    await photo(2000, 1000).jpeg().toFile(join(media, 'desk.jpg'));
    // A small diagram with transparency: one version, at its own width, PNG as the fallback.
    await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 4,
        background: { r: 0, g: 0, b: 0, alpha: 0.5 },
      },
    })
      .png()
      .toFile(join(media, 'steps-diagram.png'));
    // A phone photo stored sideways with an EXIF orientation: its versions are upright.
    await photo(600, 400).jpeg().withMetadata({ orientation: 6 }).toFile(join(media, 'phone.jpg'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes 480, 960 and 1440 wide versions, never wider than the original', () => {
    expect(versionWidths(2000)).toEqual([480, 960, 1440]);
    expect(versionWidths(1440)).toEqual([480, 960, 1440]);
    expect(versionWidths(1000)).toEqual([480, 1000]);
    expect(versionWidths(1100)).toEqual([480, 960, 1100]);
    expect(versionWidths(500)).toEqual([500]);
    expect(versionWidths(300)).toEqual([300]);
  });

  it('makes WebP and fallback versions with their real sizes, upright, and caches them', async () => {
    const cacheDir = join(dir, 'cache');
    const first = await prepareMedia(content, cacheDir, true);
    expect(first.encoded).toBe(3);
    const desk = first.library.images.get('desk.jpg');
    expect(sizesOf(desk?.webp ?? [])).toEqual(['480x240', '960x480', '1440x720']);
    expect(desk?.fallback.map((version) => version.url)).toEqual(
      [480, 960, 1440].map(
        (width) =>
          expect.stringMatching(
            new RegExp(`^/media/desk-[0-9a-f]{10}-${String(width)}\\.jpg$`),
          ) as string,
      ),
    );
    const diagram = first.library.images.get('steps-diagram.png');
    expect(sizesOf(diagram?.webp ?? [])).toEqual(['300x200']);
    expect(diagram?.fallback[0]?.url).toMatch(/^\/media\/steps-diagram-[0-9a-f]{10}-300\.png$/);
    expect(sizesOf(first.library.images.get('phone.jpg')?.webp ?? [])).toEqual(['400x600']);

    const outDir = join(dir, 'dist');
    await writeMedia(first, outDir);
    const written = await sharp(join(outDir, desk?.webp[2]?.url ?? '')).metadata();
    expect([written.format, written.width, written.height]).toEqual(['webp', 1440, 720]);
    // No EXIF (a phone's GPS position) reaches the site.
    const phone = await sharp(
      join(outDir, first.library.images.get('phone.jpg')?.fallback[0]?.url ?? ''),
    ).metadata();
    expect([phone.exif, phone.orientation]).toEqual([undefined, undefined]);

    // A second build encodes nothing; one without the cache encodes the same bytes again.
    const second = await prepareMedia(content, cacheDir, true);
    expect(second.encoded).toBe(0);
    expect(second.library).toEqual(first.library);
    const bytes = readFileSync(first.files.get(desk?.webp[1]?.url ?? '') ?? '');
    const fresh = await prepareMedia(content, join(dir, 'cache-fresh'), false);
    expect(fresh.encoded).toBe(3);
    expect(readFileSync(fresh.files.get(desk?.webp[1]?.url ?? '') ?? '').equals(bytes)).toBe(true);

    // A changed image gets new names: a reader's cached copy of the old one is never shown.
    await photo(2000, 1000).jpeg({ quality: 50 }).toFile(join(media, 'desk.jpg'));
    const changed = await prepareMedia(content, cacheDir, true);
    expect(changed.encoded).toBe(1);
    expect(changed.library.images.get('desk.jpg')?.webp[0]?.url).not.toBe(desk?.webp[0]?.url);
    expect(changed.library.fingerprint).not.toBe(first.library.fingerprint);
  }, 60_000);

  it('refuses, naming each file, what breaks the limits', async () => {
    const bad = join(dir, 'bad-content');
    const folder = join(bad, 'media');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'huge.jpg'), Buffer.alloc(5.5 * 1024 * 1024));
    writeFileSync(join(folder, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await photo(10, 10).png().toFile(join(folder, 'Photo 1.png'));
    await photo(10, 10).png().toFile(join(folder, 'not-a-jpeg.jpg'));
    await photo(6001, 10).png().toFile(join(folder, 'banner.png'));
    writeFileSync(join(folder, 'broken.webp'), 'not an image');
    await expect(prepareMedia(bad, join(dir, 'bad-cache'), true)).rejects.toThrow(
      [
        `${folder}/Photo 1.png: a media file's name has only letters, digits, hyphens, dots and underscores, and ends in .jpg, .jpeg, .png, .webp, .avif`,
        `${folder}/banner.png: 6001 × 10 pixels is over the limit of 6000 pixels a side`,
        `${folder}/broken.webp: not a readable image`,
        `${folder}/huge.jpg: 5.50 MB is over the limit of 5 MB; make it smaller (6000 pixels a side at most; JPEG quality 80 is enough)`,
        `${folder}/logo.svg: SVG is not accepted (it can hold scripts); use jpg, jpeg, png, webp, avif`,
        `${folder}/not-a-jpeg.jpg: the file holds a png image, not jpeg; save it with the right extension`,
      ].join('\n'),
    );
  });
});
