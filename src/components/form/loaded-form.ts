// The form renderer once its chunk has loaded. The app layer loads the chunk before rendering a
// page with a form; templates read it here, so they never import the app layer.
import type { ComponentType } from 'react';
import type { FormProps } from './Form.tsx';

let loadedForm: ComponentType<FormProps> | undefined;

/** Keeps the form renderer that the app layer has just loaded. */
export function setLoadedForm(form: ComponentType<FormProps>): void {
  loadedForm = form;
}

/** True once the form renderer is loaded. */
export function hasLoadedForm(): boolean {
  return loadedForm !== undefined;
}

/** The form renderer, once the app layer has loaded it for a page with a form. */
export function getLoadedForm(): ComponentType<FormProps> {
  if (!loadedForm) throw new Error('a form rendered before its chunk was loaded');
  return loadedForm;
}
