// What the routes use of e-mail capture: the profile's section, the address hint other pages show, the
// Capture inbox, the verify page, and the share target's "Log a touch".
export { CaptureAddressHint } from './components/CaptureAddressHint';
export { CaptureSettings } from './components/CaptureSettings';
export { VerifySenderPage } from './components/VerifySenderPage';
export { CaptureInboxPage } from './components/CaptureInboxPage';
export { LogTouchPage, type SharedContent, type TouchRow } from './components/LogTouchPage';
export type { CaptureLists } from './api/capture-lists';
export { useInboxCount } from './api/inbox';
export { captureKeys } from './api/capture-keys';
