import { screenshotFor } from './screenshots.js';

/** A phone as the issue describes it: 390×844, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** The screen as a phone shows it, when PHONE_SCREENSHOTS names a folder. */
export const phoneScreenshot = screenshotFor('PHONE_SCREENSHOTS', { fullPage: false });
