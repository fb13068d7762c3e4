// A file field: each chosen file is checked (type, size, count), then uploaded at once with
// its progress; the list offers Remove per file and Remove all. The field's value is the
// tokens of the uploaded files.
import { useRef, useState, type ChangeEvent } from 'react';
import { DEFAULT_MAX_FILES, type LocalInputField } from '../../forms/local-form.ts';
import { acceptAttribute, acceptLabel, fileTypeByName } from '../../forms/file-types.ts';
import { formatSize } from '../../forms/format-size.ts';
import { useChrome } from '../Chrome.tsx';
import { uploadFile, type UploadHandle } from './form-api.ts';
import { ErrorText, Help, Label, type FieldContext } from './field-parts.tsx';

type FileFieldDefinition = Extract<LocalInputField, { type: 'file' }>;

interface Entry {
  key: number;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'failed';
  progress: number;
  token?: string;
  handle?: UploadHandle;
}

interface FileFieldProps {
  field: FileFieldDefinition;
  id: string;
  error: string | undefined;
  helpId: string;
  errorId: string;
  context: FieldContext;
}

export function FileField({ field, id, error, helpId, errorId, context }: FileFieldProps) {
  const { chrome, t } = useChrome();
  const [entries, setEntries] = useState<Entry[]>([]);
  // The source of truth, read and written by event handlers; the state above draws it. The
  // form reads the tokens as soon as an upload ends, so they are reported synchronously.
  const current = useRef<Entry[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const nextKey = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const maxFiles = field.multiple ? (field.maxFiles ?? DEFAULT_MAX_FILES) : 1;
  const language = chrome.language;
  const { onChange } = context;

  const commit = (next: Entry[]) => {
    const before = current.current.flatMap((entry) => (entry.token ? [entry.token] : []));
    const tokens = next.flatMap((entry) => (entry.token ? [entry.token] : []));
    current.current = next;
    setEntries(next);
    if (tokens.join(' ') === before.join(' ')) return;
    onChange(field.name, tokens);
    context.onFileNames?.(
      field.name,
      next.flatMap((entry) => (entry.token ? [entry.name] : [])),
    );
  };
  const update = (key: number, change: Partial<Entry>) => {
    commit(current.current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    // Let the same file be chosen again after a removal.
    event.target.value = '';
    const found: string[] = [];
    const room = field.multiple ? maxFiles - current.current.length : 1;
    const accepted = chosen.filter((file) => {
      if (!fileTypeByName(file.name, field.accept)) {
        found.push(t('form.error.fileType', { name: file.name, types: acceptLabel(field.accept) }));
        return false;
      }
      if (file.size === 0) {
        found.push(t('form.error.fileEmpty', { name: file.name }));
        return false;
      }
      if (file.size > field.maxSize) {
        found.push(
          t('form.error.fileSize', { name: file.name, size: formatSize(field.maxSize, language) }),
        );
        return false;
      }
      return true;
    });
    if (accepted.length > room) found.push(t('form.error.fileCount', { max: maxFiles }));
    setProblems(found);
    const added: Entry[] = accepted.slice(0, Math.max(0, room)).map((file) => {
      const key = nextKey.current++;
      const handle = uploadFile(context.formId, field.name, language, file, (progress) => {
        update(key, { progress });
      });
      const upload = handle.done.then((result) => {
        if (result.kind === 'uploaded') update(key, { status: 'done', token: result.token });
        else if (result.kind === 'aborted') return;
        else {
          commit(current.current.filter((entry) => entry.key !== key));
          setProblems((shown) => [
            ...shown,
            result.kind === 'refused'
              ? result.message
              : t('form.error.uploadFailed', { name: file.name }),
          ]);
        }
      });
      context.trackUpload(upload);
      return { key, name: file.name, size: file.size, status: 'uploading', progress: 0, handle };
    });
    if (field.multiple) {
      commit([...current.current, ...added]);
    } else if (added.length) {
      for (const entry of current.current) entry.handle?.abort();
      commit(added);
    }
  };

  const remove = (key: number) => {
    current.current.find((entry) => entry.key === key)?.handle?.abort();
    commit(current.current.filter((entry) => entry.key !== key));
    setProblems([]);
    input.current?.focus();
  };

  const removeAll = () => {
    for (const entry of current.current) entry.handle?.abort();
    commit([]);
    setProblems([]);
    if (input.current) input.current.value = '';
    input.current?.focus();
  };

  const uploading = entries.filter((entry) => entry.status === 'uploading');
  const progress = uploading.length
    ? uploading.reduce((sum, entry) => sum + entry.progress, 0) / uploading.length
    : 1;
  const message = error ?? (problems.length ? problems.join(' ') : undefined);
  const hint = t('form.upload.hint', {
    count: maxFiles,
    size: formatSize(field.maxSize, language),
    types: acceptLabel(field.accept),
  });
  const hintId = `${id}-hint`;

  return (
    <div className={`form-field${message ? ' form-field--error' : ''}`}>
      <Label field={field} htmlFor={id} />
      <Help id={helpId} text={field.help} />
      <Help id={hintId} text={hint} />
      <ErrorText id={errorId} text={message} />
      <input
        ref={input}
        id={id}
        type="file"
        name={field.name}
        multiple={field.multiple}
        accept={acceptAttribute(field.accept)}
        aria-invalid={message ? true : undefined}
        aria-describedby={[field.help ? helpId : '', hintId, message ? errorId : '']
          .filter(Boolean)
          .join(' ')}
        onChange={onFiles}
      />
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
      {entries.length ? (
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
                    remove(entry.key);
                  }}
                >
                  {t('form.upload.remove')}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="form-button form-button--secondary" onClick={removeAll}>
            {t('form.upload.removeAll')}
          </button>
        </>
      ) : null}
    </div>
  );
}
