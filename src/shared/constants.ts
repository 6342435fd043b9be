// Business constants (page sizes, cache times, password rules), shared by client and server.
export const PRODUCT_NAME = 'Fundscape';
export const PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_DEBOUNCE_MS = 200;
export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 6;
export const COLLAPSED_PREVIEW_COUNT = 3;
export const CHECKLIST_INITIAL = 5;
export const CHECKLIST_STEP = 10;
export const EMAIL_VERIFY_DELAY_MS = 1000;
export const STALE_TIME_MS = 10 * 60 * 1000;
export const GC_TIME_MS = 30 * 60 * 1000;
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A new password must contain one of these special characters. */
export const PASSWORD_SPECIAL_CHARS = /[!@#$%^&*(),.?":{}|<>]/;
