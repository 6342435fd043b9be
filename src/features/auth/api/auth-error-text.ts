import { apiErrorDetail } from '@/lib/api-client';
import { UnexpectedAnswerError } from './read-found-answer';

/** The server's detail for a failed auth call, or a plain reason when there was no detail to read. */
export function authErrorText(error: unknown): string {
  const detail = apiErrorDetail(error);
  if (detail) return detail;
  if (error instanceof UnexpectedAnswerError) return error.message;
  return 'Could not reach Fundscape. Check your connection and try again.';
}
