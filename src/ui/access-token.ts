/**
 * Access to `reins ui`: other users of the machine can reach 127.0.0.1 too, so every request needs
 * the random token printed in the URL. The first request carries it as `?token=`; the answer sets
 * it as an HttpOnly, SameSite=Strict cookie so the page's own requests (modules, API, events)
 * carry it. Anything else is refused with 401.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

export const TOKEN_COOKIE = 'reins_ui_token';

/** 32 random bytes, URL-safe. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

function same(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function accessToken(token: string): MiddlewareHandler {
  return async (c, next) => {
    if (same(c.req.query('token'), token)) {
      setCookie(c, TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/' });
      return next();
    }
    if (same(getCookie(c, TOKEN_COOKIE), token)) return next();
    return c.text('401 Unauthorized: open the URL `reins ui` printed (it carries the access token).\n', 401);
  };
}
