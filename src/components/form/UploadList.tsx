// What a file field shows of its uploads: a status line (uploading with the progress of all,
// or done) that screen readers announce, and the list of files with Remove and Remove all.
import { formatSize } from '../../forms/format-size.ts';
import type { LocaleId } from '../../i18n/locales.ts';
import { useChrome } from '../Chrome.tsx';
import type { UploadHandle } from './form-api.ts';

/** One chosen file, from its upload to its token. */
export interface Entry {
  key: number;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'failed';
  progress: number;
  token?: string;
  handle?: UploadHandle;
}

/** The status line: uploading with the average progress of the files still uploading, or done. */
export function UploadStatus({ entries }: { entries: Entry[] }) {
  const { t } = useChrome();
  const uploading = entries.filter((entry) => entry.status === 'uploading');
  const progress = uploading.length
    ? uploading.reduce((sum, entry) => sum + entry.progress, 0) / uploading.length
    : 1;
  return (
    <div className="form-upload" role="status">
      {uploading.length ? (
        <>
          <p className="form-upload__status">{t('form.upload.uploading')}</p>
          <progress
            className="form-upload__progress"
            max={1}
            value={progress}
            aria-label={t('form.upload.progress')}
          />
        </>
      ) : entries.length ? (
        <p className="form-upload__status">{t('form.upload.done')}</p>
      ) : null}
    </div>
  );
}

export interface UploadedFilesProps {
  entries: Entry[];
  language: LocaleId;
  onRemove: (key: number) => void;
  onRemoveAll: () => void;
}

/** The chosen files, each with its size and Remove, then Remove all; nothing when none. */
export function UploadedFiles({ entries, language, onRemove, onRemoveAll }: UploadedFilesProps) {
  const { t } = useChrome();
  if (!entries.length) return null;
  return (
    <>
      <ul className="form-upload__files">
        {entries.map((entry) => (
          <li key={entry.key} className="form-upload__file">
            <span>
              {entry.name}{' '}
              <span className="form-upload__size">({formatSize(entry.size, language)})</span>
            </span>
            <button
              type="button"
              className="form-button form-button--secondary"
              aria-label={t('form.upload.removeFile', { name: entry.name })}
              onClick={() => {
                onRemove(entry.key);
              }}
            >
              {t('form.upload.remove')}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="form-button form-button--secondary" onClick={onRemoveAll}>
        {t('form.upload.removeAll')}
      </button>
    </>
  );
}
