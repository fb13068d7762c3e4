// A file field: each chosen file is checked (type, size, count), then uploaded at once with
// its progress; the list offers Remove per file and Remove all. The field's value is the
// tokens of the uploaded files.
import { useRef, useState, type ChangeEvent } from 'react';
import { DEFAULT_MAX_FILES, type LocalInputField } from '../../forms/local-form.ts';
import { acceptAttribute, acceptLabel, fileTypeByName } from '../../forms/file-types.ts';
import { formatSize } from '../../forms/format-size.ts';
import { useChrome } from '../Chrome.tsx';
import type { LocaleId } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/translate.ts';
import { uploadFile } from './form-api.ts';
import { UploadedFiles, UploadStatus, type Entry } from './UploadList.tsx';
import { ErrorText, Help, Label, type FieldContext } from './field-parts.tsx';

type FileFieldDefinition = Extract<LocalInputField, { type: 'file' }>;

interface FileFieldProps {
  field: FileFieldDefinition;
  id: string;
  error: string | undefined;
  helpId: string;
  errorId: string;
  context: FieldContext;
}

/** Why a chosen file cannot be sent (its type, empty, too large), in words; null when it can. */
function fileProblem(
  file: File,
  field: FileFieldDefinition,
  t: Translate,
  language: LocaleId,
): string | null {
  if (!fileTypeByName(file.name, field.accept)) {
    return t('form.error.fileType', { name: file.name, types: acceptLabel(field.accept) });
  }
  if (file.size === 0) return t('form.error.fileEmpty', { name: file.name });
  if (file.size > field.maxSize) {
    return t('form.error.fileSize', { name: file.name, size: formatSize(field.maxSize, language) });
  }
  return null;
}

/** The field's files, and the changes to them that the form hears of (its tokens, their names). */
function useEntries(field: FileFieldDefinition, context: FieldContext) {
  const [entries, setEntries] = useState<Entry[]>([]);
  // The source of truth, read and written by event handlers; the state above draws it. The
  // form reads the tokens as soon as an upload ends, so they are reported synchronously.
  const current = useRef<Entry[]>([]);
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
  return { entries, current, commit, update };
}

/** A file field: its checks, its uploads and their list. */
export function FileField({ field, id, error, helpId, errorId, context }: FileFieldProps) {
  const { chrome, t } = useChrome();
  const { entries, current, commit, update } = useEntries(field, context);
  const [problems, setProblems] = useState<string[]>([]);
  const nextKey = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const maxFiles = field.multiple ? (field.maxFiles ?? DEFAULT_MAX_FILES) : 1;
  const language = chrome.language;

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    // Let the same file be chosen again after a removal.
    event.target.value = '';
    const found: string[] = [];
    const room = field.multiple ? maxFiles - current.current.length : 1;
    const accepted = chosen.filter((file) => {
      const problem = fileProblem(file, field, t, language);
      if (problem) found.push(problem);
      return !problem;
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
      <UploadStatus entries={entries} />
      <UploadedFiles
        entries={entries}
        language={language}
        onRemove={remove}
        onRemoveAll={removeAll}
      />
    </div>
  );
}
