// The states of a form and the moves between them, as one pure reducer (Form.tsx draws them,
// use-form.ts runs the effects: the draft, the schema, the request). A move that makes no sense
// in the current state (a second submit while sending, a "Change" link once sent) returns the
// state unchanged, so a double click or a late answer cannot send twice or lose what was typed.
import type { RawValue, RawValues } from '../../forms/local-form.ts';

/** The uploaded files' names per file field, for "Check your answers". */
export type FileNames = Readonly<Record<string, readonly string[]>>;

/** Where the reader is: the form (editing, or back after failed checks or a refusal), the check page, sent. */
export type Phase =
  // `focus`: the field a "Change" link returns to, focused once the form is shown again.
  | { step: 'editing'; focus?: string }
  // The browser's checks are running (files still uploading, the schema loading).
  | { step: 'validating' }
  // The browser's checks failed: the error summary lists the fields.
  | { step: 'invalid' }
  // Checking the answers, the form stays mounted (hidden): file fields keep their lists.
  | { step: 'checking' | 'sending'; fileNames: FileNames }
  // The server refused or could not be reached: the summary says why, nothing typed is lost.
  | { step: 'refused' }
  | { step: 'sent'; reference: string; followUpCode?: string; channel?: string };

export interface FormState {
  phase: Phase;
  values: RawValues;
  /** The field errors of the last failed check or refusal, by field name. */
  errors: Record<string, string>;
  /** The server's message (or the network's), shown at the top of the error summary. */
  problem: string | null;
  /** A saved draft was restored: the form says so until it is cleared. */
  restored: boolean;
  /** Set by "Delete my draft", for its announcement; the next change clears it. */
  draftDeleted: boolean;
  /** Bumped on every failed check or refusal: the error summary takes focus after each one. */
  attempt: number;
  /** Bumped when the form is cleared: file fields start again with no files. */
  generation: number;
  fileNames: FileNames;
}

export type FormAction =
  | { type: 'restore'; values: RawValues }
  | { type: 'change'; name: string; value: RawValue }
  | { type: 'fileNames'; name: string; names: string[] }
  | { type: 'submit' }
  // `validate` returns the field errors, or null when the values pass.
  | { type: 'check'; validate: (values: RawValues) => Record<string, string> | null }
  | { type: 'changeField'; name: string }
  | { type: 'send' }
  | { type: 'sent'; reference: string; followUpCode?: string }
  | { type: 'refused'; errors: Record<string, string>; problem: string | null }
  | { type: 'deleteDraft'; values: RawValues }
  | { type: 'another'; values: RawValues };

/** The state of a form that nobody has touched yet. */
export const initialState = (values: RawValues): FormState => ({
  phase: { step: 'editing' },
  values,
  errors: {},
  problem: null,
  restored: false,
  draftDeleted: false,
  attempt: 0,
  generation: 0,
  fileNames: {},
});

/** True where the form itself is shown and "Continue" may be pressed. */
export const canSubmit = (phase: Phase): boolean =>
  phase.step === 'editing' || phase.step === 'invalid' || phase.step === 'refused';

/** The channel the reader chose for the answer: the replyBy field, or the phone they gave. */
export const channelOf = (values: RawValues): string | undefined =>
  typeof values.replyBy === 'string' && values.replyBy
    ? values.replyBy
    : typeof values.phone === 'string' && values.phone
      ? 'phone'
      : undefined;

const sameNames = (a: readonly string[] | undefined, b: readonly string[]) =>
  a !== undefined && a.length === b.length && a.every((name, index) => name === b[index]);

/** Empties the form, its errors and its files (file fields remount: `generation`). */
const cleared = (state: FormState, values: RawValues): FormState => ({
  ...state,
  values,
  errors: {},
  problem: null,
  restored: false,
  fileNames: {},
  generation: state.generation + 1,
});

/** The next state of a form after `action`; the same state when the action makes no sense now. */
export function formReducer(state: FormState, action: FormAction): FormState {
  const { phase } = state;
  switch (action.type) {
    case 'restore': {
      // Only the fields the form still has; a draft of an older version keeps the rest out.
      const known = Object.entries(action.values).filter(([name]) => name in state.values);
      if (known.length === 0 || phase.step === 'sent') return state;
      return {
        ...state,
        values: { ...state.values, ...Object.fromEntries(known) },
        restored: true,
      };
    }
    case 'change':
      if (phase.step === 'sent') return state;
      return {
        ...state,
        values: { ...state.values, [action.name]: action.value },
        draftDeleted: false,
      };
    case 'fileNames':
      if (sameNames(state.fileNames[action.name], action.names)) return state;
      return { ...state, fileNames: { ...state.fileNames, [action.name]: action.names } };
    case 'submit':
      if (!canSubmit(phase)) return state;
      return { ...state, phase: { step: 'validating' }, problem: null };
    case 'check': {
      if (phase.step !== 'validating') return state;
      const errors = action.validate(state.values);
      if (errors) {
        return { ...state, phase: { step: 'invalid' }, errors, attempt: state.attempt + 1 };
      }
      return { ...state, phase: { step: 'checking', fileNames: state.fileNames }, errors: {} };
    }
    case 'changeField':
      if (phase.step !== 'checking') return state;
      return { ...state, phase: { step: 'editing', focus: action.name } };
    case 'send':
      if (phase.step !== 'checking') return state;
      return { ...state, phase: { step: 'sending', fileNames: phase.fileNames } };
    case 'sent': {
      if (phase.step !== 'sending') return state;
      const channel = channelOf(state.values);
      return {
        ...state,
        phase: {
          step: 'sent',
          reference: action.reference,
          ...(action.followUpCode ? { followUpCode: action.followUpCode } : {}),
          ...(channel ? { channel } : {}),
        },
      };
    }
    case 'refused':
      if (phase.step !== 'sending') return state;
      return {
        ...state,
        phase: { step: 'refused' },
        errors: action.errors,
        problem: action.problem,
        attempt: state.attempt + 1,
      };
    case 'deleteDraft':
      if (phase.step === 'sent') return state;
      return { ...cleared(state, action.values), draftDeleted: true };
    case 'another':
      if (phase.step !== 'sent') return state;
      return { ...cleared(state, action.values), phase: { step: 'editing' }, draftDeleted: false };
  }
}
