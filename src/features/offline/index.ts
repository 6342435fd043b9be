// What other features may import of the offline feature (the lint config allows this entry and
// nothing deeper): every change made offline goes through the one outbox, a failed load may
// mean "not available offline", and a component's chunk loads once back online.
export type { OutboxRequest, OutboxRow } from './db/offline-db';
export { ANSWER_ID, type OutboxEntry } from './outbox/outbox';
export { usePendingChanges } from './outbox/outbox-hooks';
export { ChangeRefusedError, outboxReplayer, type OutboxOutcome } from './outbox/outbox-replayer';
export { isUnavailableOffline } from './persisters/query-persister';
export { subscribeToAnswers } from './outbox/settled-answers';
export { lazyComponent } from './lazy-component';
