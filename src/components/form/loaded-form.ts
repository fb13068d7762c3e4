// The form renderer once its chunk has loaded (see ../lazy-part.ts).
import { lazyPart } from '../lazy-part.ts';
import type { FormProps } from './Form.tsx';

const form = lazyPart<FormProps>('a form');

/** Keeps the form renderer that the app layer has just loaded. */
export const setLoadedForm = form.set;
/** True once the form renderer is loaded. */
export const hasLoadedForm = form.has;
/** The form renderer, once the app layer has loaded it for a page with a form. */
export const getLoadedForm = form.get;
