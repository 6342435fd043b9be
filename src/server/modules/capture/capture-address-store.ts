// Each account's capture address, `log+TOKEN@CAPTURE_DOMAIN`, and the capture settings of its profile. The intake
// finds an account by its token (intake.ts: accountOfToken); this makes, shows and rotates the token.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CAPTURE_API, type CaptureAddress, type CaptureSettings } from '../../../shared/capture.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { captureAddresses, users } from '../../db/schema.js';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const TOKEN_BYTES = 20;

/** 160 random bits in lower-case base32 (32 characters): unguessable, and safe in any mail's local part. */
export function newCaptureToken(): string {
  const bytes = randomBytes(TOKEN_BYTES);
  let bits = 0;
  let value = 0;
  let token = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      token += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return token;
}

function addressOf(token: string, config: Pick<Config, 'appUrl' | 'captureDomain' | 'captureSmtpPort'>): CaptureAddress {
  return {
    address: `log+${token}@${config.captureDomain}`,
    intake_url: `${config.appUrl}${CAPTURE_API.messages}`,
    smtp_port: config.captureSmtpPort > 0 ? config.captureSmtpPort : null,
  };
}

/** The account's capture address, made on its first read. */
export async function captureAddressOf(db: Db, userId: number, config: Config): Promise<CaptureAddress> {
  await db.insert(captureAddresses).values({ user_id: userId, token: newCaptureToken() }).onConflictDoNothing({ target: captureAddresses.user_id });
  const [row] = await db.select({ token: captureAddresses.token }).from(captureAddresses).where(eq(captureAddresses.user_id, userId));
  return addressOf(row.token, config);
}

/** A new token for the account: mail to the old address is refused from now on. */
export async function rotateCaptureAddress(db: Db, userId: number, config: Config): Promise<CaptureAddress> {
  const token = newCaptureToken();
  await db
    .insert(captureAddresses)
    .values({ user_id: userId, token })
    .onConflictDoUpdate({ target: captureAddresses.user_id, set: { token } });
  return addressOf(token, config);
}

export async function captureSettingsOf(db: Db, userId: number): Promise<CaptureSettings> {
  const [row] = await db.select({ days: users.touch_follow_up_days }).from(users).where(eq(users.id, userId));
  return { follow_up_days: row?.days ?? null };
}

export async function setCaptureSettings(db: Db, userId: number, settings: CaptureSettings): Promise<CaptureSettings> {
  await db.update(users).set({ touch_follow_up_days: settings.follow_up_days }).where(eq(users.id, userId));
  return captureSettingsOf(db, userId);
}
