import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { env } from '../env.ts';

/**
 * How many proxies in front of the server append to X-Forwarded-For: TRUST_PROXY unset,
 * empty, '0' or 'false' → 0 (the header is ignored; a client could write anything in it);
 * 'true' or '1' → 1 (one load balancer); a number n → n proxies.
 */
export function trustedProxyHops(): number {
  const raw = (env().TRUST_PROXY ?? '').trim().toLowerCase();
  if (!raw || raw === '0' || raw === 'false' || raw === 'no') return 0;
  if (raw === 'true' || raw === 'yes') return 1;
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** The bindings Astro's /api route passes to the Hono app (src/pages/api/[...path].ts). */
export type TApiBindings = { clientAddress?: string };

/**
 * The client's address for rate limits and logs. The socket address comes from the server
 * (Astro's clientAddress, which reads the socket as long as security.allowedDomains is not
 * configured); X-Forwarded-For is read only when TRUST_PROXY says how many proxies to trust,
 * and then from the right, so a client cannot choose its own address by sending the header.
 * Without either (in-process tests) the address is 'unknown'.
 */
export function clientIp(c: Context): string {
  const socket = (c.env as TApiBindings | undefined)?.clientAddress;
  const hops = trustedProxyHops();
  if (hops > 0) {
    const list = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // Each trusted proxy appends the address it saw; the one n from the right was seen by ours.
    const forwarded = list[list.length - hops] ?? list[0];
    if (forwarded && isIp(stripPort(forwarded))) return normaliseIp(stripPort(forwarded));
  }
  return socket ? normaliseIp(socket) : 'unknown';
}

function stripPort(value: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  return v4?.[1] ?? value;
}

function isIp(value: string): boolean {
  return isIPv4(value) || isIPv6(value);
}

/**
 * One key per client: IPv4-mapped IPv6 becomes plain IPv4, and an IPv6 address becomes its
 * /64 network, because one subscriber usually holds a whole /64 and could rotate through it.
 */
export function normaliseIp(raw: string): string {
  const ip = raw.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip.slice(0, 64);
  const groups = expandIPv6(ip);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

function expandIPv6(ip: string): string[] {
  const noZone = ip.split('%')[0] ?? ip;
  const [head = '', tail] = noZone.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, missing)).fill('0'), ...right];
  return groups.map((g) => (Number.parseInt(g, 16) || 0).toString(16));
}
