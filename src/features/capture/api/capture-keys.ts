/** Every key of capture data starts here: the address, the addresses mail is logged from, the setting, the inbox. */
export const CAPTURE_KEY = ['capture'] as const;

export const captureKeys = {
  all: CAPTURE_KEY,
  address: [...CAPTURE_KEY, 'address'] as const,
  senders: [...CAPTURE_KEY, 'senders'] as const,
  settings: [...CAPTURE_KEY, 'settings'] as const,
  inbox: [...CAPTURE_KEY, 'inbox'] as const,
};
