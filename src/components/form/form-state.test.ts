// The form's reducer on its own: each move from each state, and the moves that make no sense
// (a second submit while sending, a late answer, "Change" once sent) leaving the state as it is.
import { describe, expect, it } from 'vitest';
import {
  channelOf,
  formReducer,
  initialState,
  type FormAction,
  type FormState,
} from './form-state.ts';

const empty = { name: '', replyBy: '', phone: '', attachments: [] };
const passes = () => null;
const fails = () => ({ replyBy: 'Please select an option.' });

/** The state after `actions`, from a fresh form. */
const after = (...actions: FormAction[]): FormState =>
  actions.reduce(formReducer, initialState(empty));

const typed: FormAction = { type: 'change', name: 'name', value: 'Ana' };
const byPhone: FormAction[] = [
  { type: 'change', name: 'replyBy', value: 'phone' },
  { type: 'change', name: 'phone', value: '+32 470 12 34 56' },
];
const toChecking: FormAction[] = [
  typed,
  ...byPhone,
  { type: 'fileNames', name: 'attachments', names: ['scan.pdf'] },
  { type: 'submit' },
  { type: 'check', validate: passes },
];
const toSending: FormAction[] = [...toChecking, { type: 'send' }];

describe('formReducer', () => {
  it('starts editing, empty, with no draft restored', () => {
    expect(initialState(empty)).toEqual({
      phase: { step: 'editing' },
      values: empty,
      errors: {},
      problem: null,
      restored: false,
      draftDeleted: false,
      attempt: 0,
      generation: 0,
      fileNames: {},
    });
  });

  it('restores the draft’s known fields only, and says so', () => {
    const state = after({ type: 'restore', values: { name: 'Ana', gone: 'x' } });
    expect(state.values).toEqual({ ...empty, name: 'Ana' });
    expect(state.restored).toBe(true);
    // A draft of fields the form no longer has restores nothing.
    expect(after({ type: 'restore', values: { gone: 'x' } })).toEqual(initialState(empty));
  });

  it('fails the checks: the errors, one more attempt, the values kept', () => {
    const state = after(typed, { type: 'submit' }, { type: 'check', validate: fails });
    expect(state.phase).toEqual({ step: 'invalid' });
    expect(state.errors).toEqual({ replyBy: 'Please select an option.' });
    expect(state.attempt).toBe(1);
    expect(state.values.name).toBe('Ana');
    // Trying again counts again: the summary takes focus each time.
    const again = [state, { type: 'submit' }, { type: 'check', validate: fails }] as const;
    expect(formReducer(formReducer(again[0], again[1]), again[2]).attempt).toBe(2);
  });

  it('passes the checks to "Check your answers" with the files’ names, errors cleared', () => {
    const failed = after(typed, { type: 'submit' }, { type: 'check', validate: fails });
    const state = [
      ...byPhone,
      { type: 'submit' } as const,
      { type: 'check', validate: passes } as const,
    ].reduce(formReducer, failed);
    expect(state.phase).toEqual({ step: 'checking', fileNames: {} });
    expect(state.errors).toEqual({});
    expect(after(...toChecking).phase).toEqual({
      step: 'checking',
      fileNames: { attachments: ['scan.pdf'] },
    });
  });

  it('goes back from "Check your answers" to the field to change, values kept', () => {
    const state = after(...toChecking, { type: 'changeField', name: 'phone' });
    expect(state.phase).toEqual({ step: 'editing', focus: 'phone' });
    expect(state.values.phone).toBe('+32 470 12 34 56');
  });

  it('sends once: a second send or submit while sending changes nothing', () => {
    const sending = after(...toSending);
    expect(sending.phase).toEqual({ step: 'sending', fileNames: { attachments: ['scan.pdf'] } });
    for (const action of [
      { type: 'send' },
      { type: 'submit' },
      { type: 'check', validate: fails },
      { type: 'changeField', name: 'name' },
      { type: 'another', values: empty },
    ] as const) {
      expect(formReducer(sending, action)).toBe(sending);
    }
  });

  it('is sent with the reference, the code and the channel the reader chose', () => {
    const state = after(...toSending, {
      type: 'sent',
      reference: 'K7QD-M2XA-9F',
      followUpCode: '0412993875521046',
    });
    expect(state.phase).toEqual({
      step: 'sent',
      reference: 'K7QD-M2XA-9F',
      followUpCode: '0412993875521046',
      channel: 'phone',
    });
    // Once sent, nothing but "Send another message" moves it.
    for (const action of [
      typed,
      { type: 'submit' },
      { type: 'send' },
      { type: 'refused', errors: {}, problem: 'late' },
      { type: 'deleteDraft', values: empty },
      { type: 'restore', values: { name: 'Bo' } },
    ] as const) {
      expect(formReducer(state, action)).toBe(state);
    }
    const another = formReducer(state, { type: 'another', values: empty });
    expect(another).toEqual({ ...initialState(empty), generation: 1 });
  });

  it('is refused with the server’s errors and message, every value kept', () => {
    const state = after(...toSending, {
      type: 'refused',
      errors: { phone: 'Please enter a valid telephone number.' },
      problem: 'Please check the fields above for validation errors.',
    });
    expect(state.phase).toEqual({ step: 'refused' });
    expect(state.errors).toEqual({ phone: 'Please enter a valid telephone number.' });
    expect(state.problem).toBe('Please check the fields above for validation errors.');
    expect(state.attempt).toBe(1);
    expect(state.values).toEqual({
      ...empty,
      name: 'Ana',
      replyBy: 'phone',
      phone: '+32 470 12 34 56',
    });
    // Submitting again clears the message while the checks run.
    expect(formReducer(state, { type: 'submit' })).toMatchObject({
      phase: { step: 'validating' },
      problem: null,
    });
  });

  it('ignores answers that come when nothing was sent', () => {
    const editing = after(typed);
    expect(formReducer(editing, { type: 'sent', reference: 'X' })).toBe(editing);
    expect(formReducer(editing, { type: 'refused', errors: {}, problem: 'x' })).toBe(editing);
    expect(formReducer(editing, { type: 'check', validate: passes })).toBe(editing);
    expect(formReducer(editing, { type: 'send' })).toBe(editing);
    expect(formReducer(editing, { type: 'changeField', name: 'name' })).toBe(editing);
  });

  it('deletes the draft: the form empties, file fields start again, the deletion is said', () => {
    const state = after(
      { type: 'restore', values: { name: 'Ana' } },
      { type: 'fileNames', name: 'attachments', names: ['scan.pdf'] },
      { type: 'deleteDraft', values: empty },
    );
    expect(state).toEqual({ ...initialState(empty), draftDeleted: true, generation: 1 });
    expect(formReducer(state, typed).draftDeleted).toBe(false);
  });

  it('keeps the same state when a file field reports the same names', () => {
    const state = after({ type: 'fileNames', name: 'attachments', names: ['a.pdf'] });
    expect(formReducer(state, { type: 'fileNames', name: 'attachments', names: ['a.pdf'] })).toBe(
      state,
    );
  });
});

describe('channelOf', () => {
  it('is the replyBy choice, else phone when a number is given, else nothing', () => {
    expect(channelOf({ replyBy: 'email', phone: '+32 470' })).toBe('email');
    expect(channelOf({ replyBy: '', phone: '+32 470' })).toBe('phone');
    expect(channelOf({ name: 'Ana' })).toBeUndefined();
  });
});
