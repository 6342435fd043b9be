/** A turn of the event loop for whatever waits (searches answered by SQL while an index is built). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
