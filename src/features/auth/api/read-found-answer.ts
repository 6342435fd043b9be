import type { FetchResponse } from 'ofetch';

/** The server answered, but not as the contract says. */
export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`Unexpected answer from the server (${what}). Please try again.`);
    this.name = 'UnexpectedAnswerError';
  }
}

/**
 * Login and sign-up answer 302 with a JSON body and no Location header: fetch hands such a response
 * back as it is and ofetch treats it as a success, so the status is checked here.
 */
export function readFoundAnswer<T>(response: FetchResponse<T>): T | undefined {
  if (response.status !== 302) throw new UnexpectedAnswerError(`HTTP ${response.status}`);
  return response._data;
}
