// The file types a form may accept, by extension: the media type the browser is told about
// and what the server's content check (magic numbers) must find in the file.

export interface FileType {
  /** Extensions a file of this type may have, lowercase, without the dot. */
  extensions: string[];
  mediaType: string;
  /** What sniffing the content must report (file-type's ext), or "text" for plain UTF-8 text. */
  detected: string[];
}

export const FILE_TYPES = {
  pdf: { extensions: ['pdf'], mediaType: 'application/pdf', detected: ['pdf'] },
  jpg: { extensions: ['jpg', 'jpeg'], mediaType: 'image/jpeg', detected: ['jpg'] },
  png: { extensions: ['png'], mediaType: 'image/png', detected: ['png'] },
  heic: { extensions: ['heic', 'heif'], mediaType: 'image/heic', detected: ['heic'] },
  webp: { extensions: ['webp'], mediaType: 'image/webp', detected: ['webp'] },
  docx: {
    extensions: ['docx'],
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    detected: ['docx'],
  },
  odt: {
    extensions: ['odt'],
    mediaType: 'application/vnd.oasis.opendocument.text',
    detected: ['odt'],
  },
  txt: { extensions: ['txt'], mediaType: 'text/plain', detected: ['text'] },
} as const satisfies Record<string, FileType>;
export type FileTypeId = keyof typeof FILE_TYPES;

/** The extension of a file name, lowercase, or '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** The accepted type a file name belongs to, by its extension. */
export function fileTypeByName(
  fileName: string,
  accept: readonly FileTypeId[],
): FileTypeId | undefined {
  const extension = extensionOf(fileName);
  return accept.find((id) => (FILE_TYPES[id].extensions as readonly string[]).includes(extension));
}

/** The value of an <input type=file accept> attribute. */
export function acceptAttribute(accept: readonly FileTypeId[]): string {
  return accept
    .flatMap((id) => [
      ...FILE_TYPES[id].extensions.map((ext) => `.${ext}`),
      FILE_TYPES[id].mediaType,
    ])
    .join(',');
}

/** "PDF, JPG, PNG": the accepted types as people read them. */
export function acceptLabel(accept: readonly FileTypeId[]): string {
  return accept.map((id) => id.toUpperCase()).join(', ');
}
