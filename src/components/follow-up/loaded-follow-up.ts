// The follow-up page's part once its chunk has loaded (see ../lazy-part.ts): one page has it.
import { lazyPart } from '../lazy-part.ts';
import type { FollowUpProps } from './FollowUp.tsx';

/** The follow-up component, set by the app layer before the follow-up page renders. */
export const loadedFollowUp = lazyPart<FollowUpProps>('the follow-up page');
