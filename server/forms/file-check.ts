// What an uploaded file is, judged while it streams past on its way to being encrypted (so the
// plain bytes never need to be on disk to be checked): its size, its first bytes (the type of a
// PDF, an image or an office document is in its head), and, for text files, whether every byte
// could be text.
import { Transform } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { FILE_TYPES, type FileTypeId } from '../../src/forms/file-types.ts';

/** What file-type reads of a file's head to recognise its type. */
const HEAD_BYTES = 4100;

// Control characters that text files do hold: tab, line feed, vertical tab, form feed,
// carriage return, and SUB (0x1A), the end-of-file mark of old DOS editors.
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1a]);
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const UTF16_CONTROLS = /[\u0000-\u0008\u000e-\u0019\u001b-\u001f]/;

/**
 * Plain text, checked chunk by chunk: UTF-16 with its byte-order mark (Windows Notepad's
 * "Unicode"), or bytes without the control characters text never holds, in UTF-8 or a
 * single-byte code page such as Latin-1 or Windows-1252 (where every byte from 0x80 up is a
 * letter or a sign).
 */
export class PlainTextCheck {
  /** Undefined until the first two bytes said whether there is a byte-order mark. */
  private decoder: TextDecoder | null | undefined;
  private start = Buffer.alloc(0);
  private plain = true;

  /** Takes the next bytes of the file. */
  feed(bytes: Buffer): void {
    if (!this.plain) return;
    if (this.decoder !== undefined) {
      this.check(bytes, true);
      return;
    }
    this.start = Buffer.concat([this.start, bytes]);
    if (this.start.length < 2) return;
    const bom = this.start.subarray(0, 2).toString('hex');
    const utf16 = bom === 'fffe' || bom === 'feff';
    this.decoder = utf16
      ? new TextDecoder(bom === 'fffe' ? 'utf-16le' : 'utf-16be', { fatal: true })
      : null;
    this.check(utf16 ? this.start.subarray(2) : this.start, true);
  }

  /** Whether the whole file was plain text, once it has all been fed. */
  end(): boolean {
    if (this.decoder === undefined) {
      this.decoder = null;
      this.check(this.start, false);
    } else if (this.decoder) this.check(Buffer.alloc(0), false);
    return this.plain;
  }

  private check(bytes: Buffer, more: boolean) {
    if (!this.plain) return;
    if (this.decoder) {
      try {
        if (UTF16_CONTROLS.test(this.decoder.decode(bytes, { stream: more }))) this.plain = false;
      } catch {
        this.plain = false;
      }
    } else if (!bytes.every((byte) => byte >= 0x20 || TEXT_CONTROLS.has(byte))) {
      this.plain = false;
    }
  }
}

/** Passes a file's bytes on unchanged, and learns its size, its head and whether it is text. */
export class FileInspector extends Transform {
  size = 0;
  private readonly head: Buffer[] = [];
  private headLength = 0;
  private readonly text: PlainTextCheck | null;
  private readonly expected: FileTypeId;

  constructor(expected: FileTypeId) {
    super();
    this.expected = expected;
    const detected: readonly string[] = FILE_TYPES[expected].detected;
    this.text = detected.includes('text') ? new PlainTextCheck() : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.size += chunk.length;
    if (this.headLength < HEAD_BYTES) {
      this.head.push(chunk.subarray(0, HEAD_BYTES - this.headLength));
      this.headLength += Math.min(chunk.length, HEAD_BYTES - this.headLength);
    }
    this.text?.feed(chunk);
    this.push(chunk);
    done();
  }

  /** True when the content is of the type its name promised (once the stream has ended). */
  async matches(): Promise<boolean> {
    const detected = await fileTypeFromBuffer(Buffer.concat(this.head)).catch(() => undefined);
    if (this.text) return detected === undefined && this.text.end();
    const allowed: readonly string[] = FILE_TYPES[this.expected].detected;
    return detected !== undefined && allowed.includes(detected.ext);
  }
}
