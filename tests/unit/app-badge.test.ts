// The app badge module against the Badging API's two methods (stubbed: the browser's API boundary):
// a count sets the badge, 0 clears it, a refusal is swallowed, and without the API nothing happens.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canBadgeApp, clearAppBadge, setAppBadgeCount } from '../../src/lib/app-badge';

function badgingNavigator(answer: () => Promise<void> = () => Promise.resolve()) {
  const navigator = { setAppBadge: vi.fn(answer), clearAppBadge: vi.fn(answer) };
  vi.stubGlobal('navigator', navigator);
  return navigator;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('app badge', () => {
  it('shows a count, and no badge for none', () => {
    const navigator = badgingNavigator();
    expect(canBadgeApp()).toBe(true);
    setAppBadgeCount(3);
    expect(navigator.setAppBadge).toHaveBeenCalledWith(3);
    setAppBadgeCount(0);
    clearAppBadge();
    expect(navigator.clearAppBadge).toHaveBeenCalledTimes(2);
    expect(navigator.setAppBadge).toHaveBeenCalledTimes(1);
  });

  it('swallows a browser that refuses to badge', async () => {
    const refusing = badgingNavigator(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    setAppBadgeCount(2);
    clearAppBadge();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(refusing.setAppBadge).toHaveBeenCalledOnce();
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no Badging API', () => {
    vi.stubGlobal('navigator', {});
    expect(canBadgeApp()).toBe(false);
    expect(() => setAppBadgeCount(4)).not.toThrow();
    expect(() => clearAppBadge()).not.toThrow();
  });
});
