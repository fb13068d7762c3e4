// The script of "Leave this site" (a Vite entry of its own, src/site-generator/vite-bundles.ts):
// every page loads it `async` before the app, so the button and Shift work before hydration.
import { listenForLeaving } from './leave-site.ts';

listenForLeaving();
