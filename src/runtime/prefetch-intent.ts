// The mark of links prefetched on intent only (docs/runtime.md "Prefetch"), apart from the
// prefetch code: the language switch renders it on every page, the prefetch loads when idle.

/** The attribute of an element whose links are prefetched on hover or focus, not in view. */
export const INTENT_ONLY = 'data-prefetch-on-intent';
