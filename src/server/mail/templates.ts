import type { Mail } from './mailer.js';
import { PRODUCT_NAME } from '../../shared/constants.js';

// Every mail the server sends: plain text (what console mode prints and tests read) plus simple HTML.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 18px;background:#5b3df5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d1d1f">\n${body}\n${button}\n</body></html>`;
}

export function greeting(firstName: string): string {
  return `Hi ${firstName},`;
}

export interface Recipient {
  email: string;
  first_name: string;
}

export function verifyEmailMail(to: Recipient, link: string): Mail {
  const lines = [
    greeting(to.first_name),
    `Welcome to ${PRODUCT_NAME}! Please confirm your email address by opening this link (it works once, for 24 hours):`,
  ];
  return {
    to: to.email,
    subject: `Verify your ${PRODUCT_NAME} email`,
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not sign up, you can ignore this mail.\n`,
    html: html([...lines, 'If you did not sign up, you can ignore this mail.'], { label: 'Verify email', href: link }),
  };
}

export function loginCodeMail(to: Recipient, code: string, minutes: number): Mail {
  const lines = [
    greeting(to.first_name),
    `Your ${PRODUCT_NAME} login code is ${code}`,
    `It works once and expires in ${minutes} minutes. If you did not try to log in, change your password.`,
  ];
  return {
    to: to.email,
    subject: `Your ${PRODUCT_NAME} login code`,
    text: `${lines.join('\n\n')}\n`,
    html: html(lines),
  };
}

export function resetPasswordMail(to: Recipient, link: string): Mail {
  const lines = [
    greeting(to.first_name),
    'Someone (hopefully you) asked to reset your password. Open this link to choose a new one (it works once, for 1 hour):',
  ];
  const after = 'If you did not ask for this, ignore this mail: your password stays as it is.';
  return {
    to: to.email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n${after}\n`,
    html: html([...lines, after], { label: 'Reset password', href: link }),
  };
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function alreadyRegisteredMail(to: Recipient, loginLink: string, forgotLink: string): Mail {
  const lines = [
    greeting(to.first_name),
    `Someone tried to sign up to ${PRODUCT_NAME} with this address, which already has an account.`,
    `If it was you, log in at ${loginLink} or reset your password at ${forgotLink}. Otherwise you can ignore this mail.`,
  ];
  return {
    to: to.email,
    subject: `You already have a ${PRODUCT_NAME} account`,
    text: `${lines.join('\n\n')}\n`,
    html: html(lines, { label: 'Log in', href: loginLink }),
  };
}

export interface ListInvitationMail {
  inviter: { email: string; first_name: string; last_name: string };
  listName: string;
  role: 'editor' | 'viewer';
  days: number;
}

/**
 * An invitation to a shared list, to an address that may not have an account yet. Its subject names only the
 * product and the inviter's account address: what the inviter typed (the list's name, their own name) is in the
 * body, escaped in its HTML, where it cannot pass for the product's own words in an inbox.
 */
export function listInvitationMail(to: string, invitation: ListInvitationMail, link: string): Mail {
  const { inviter, listName, role, days } = invitation;
  const can = role === 'editor' ? 'add and remove investors, move them along the pipeline and add notes' : 'see it and export it';
  const lines = [
    'Hi,',
    `${inviter.first_name} ${inviter.last_name} (${inviter.email}) invited you to the list "${listName}" on ${PRODUCT_NAME} as ${role === 'editor' ? 'an editor' : 'a viewer'}: you will be able to ${can}.`,
    `Open this link to accept (it works once, for ${days} days, for an account with this email address; you can sign up through it):`,
  ];
  const after = 'If you were not expecting this, you can ignore this mail.';
  return {
    to,
    subject: `${PRODUCT_NAME}: ${inviter.email} invited you to a shared list`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n${after}\n`,
    html: html([...lines, after], { label: 'Accept invitation', href: link }),
  };
}

/** The link that makes another address of hers one her captured mail is logged from (issue 46). */
export function verifySenderMail(to: Recipient, address: string, link: string): Mail {
  const lines = [
    greeting(to.first_name),
    `Confirm that you send mail from ${address}: once confirmed, the mails you send from it to investors and forward from it to your ${PRODUCT_NAME} capture address are logged on your lists. Open this link (it works once, for 24 hours):`,
  ];
  const after = `If you did not add this address to ${PRODUCT_NAME}, ignore this mail: nothing changes.`;
  return {
    to: address,
    subject: `Confirm ${address} for ${PRODUCT_NAME}`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n${after}\n`,
    html: html([...lines, after], { label: 'Confirm address', href: link }),
  };
}
