// "What applies to me?" once its chunk has loaded (see ../lazy-part.ts): most pages do not have it.
import { lazyPart } from '../lazy-part.ts';
import type { StepByStepProps } from './StepByStep.tsx';

/** The questionnaire and plan, set by the app layer before a page with it renders. */
export const loadedStepByStep = lazyPart<StepByStepProps>('the step-by-step');
