// What other features may import of the offline feature (the lint config allows this entry and
// nothing deeper): every change made offline goes through the one outbox, and a failed load may
// mean "not available offline".
export type { OutboxRow } from './db/offline-db';
export type { OutboxEntry } from './outbox/outbox';
export { usePendingChanges } from './outbox/outbox-hooks';
export { ChangeRefusedError, outboxReplayer, type OutboxOutcome } from './outbox/outbox-replayer';
export { isUnavailableOffline } from './persisters/query-persister';
export { subscribeToAnswers } from './outbox/settled-answers';
