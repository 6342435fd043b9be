import { createFileRoute, useLocation } from '@tanstack/react-router';
import { VerifySenderPage } from '@/features/capture';

/**
 * The link mailed to an address a founder added to those her mail is logged from; for anyone who opens it.
 * The token is read as sent: the router's search parsing would turn one that reads as a number into one.
 */
export const Route = createFileRoute('/verify-sender')({
  component: function VerifySender() {
    const token = useLocation({ select: (location) => new URLSearchParams(location.searchStr).get('token')?.trim() || undefined });
    return <VerifySenderPage token={token} />;
  },
});
