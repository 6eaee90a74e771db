import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/**
 * A NOWPayments IPN is one flat payment object of about twenty short fields plus `fee`, under
 * 1 kB; 8 kB leaves room for fields the provider adds. A larger body is refused (413) unread.
 */
export const IPN_BODY_LIMIT_BYTES = 8 * 1024;

/** How much of an unauthenticated body the audit row keeps. */
export const IPN_AUDIT_HEAD_BYTES = 512;

/** What passed through the IPN route's body stream: size, hash and first bytes, never more. */
export interface IpnBodyTap {
  bytes: number;
  hash: Hash;
  head: Buffer;
  /** Set once an audit row was written for this request. */
  recorded: boolean;
}

const taps = new WeakMap<FastifyRequest, IpnBodyTap>();

/**
 * preParsing: passes the body through unchanged while counting, hashing and keeping its first
 * IPN_AUDIT_HEAD_BYTES, so a refused delivery can be recorded without keeping what it sent.
 */
export function tapIpnBody(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream & { receivedEncodedLength?: number },
) {
  const tap: IpnBodyTap = {
    bytes: 0,
    hash: createHash('sha256'),
    head: Buffer.alloc(0),
    recorded: false,
  };
  taps.set(request, tap);
  const through = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      tap.bytes += chunk.length;
      tap.hash.update(chunk);
      if (tap.head.length < IPN_AUDIT_HEAD_BYTES) {
        tap.head = Buffer.concat([tap.head, chunk]).subarray(0, IPN_AUDIT_HEAD_BYTES);
      }
      callback(null, chunk);
    },
  });
  payload.on('error', (error) => through.destroy(error));
  return Object.assign(payload.pipe(through), {
    receivedEncodedLength: payload.receivedEncodedLength,
  });
}

export function readIpnBodyTap(request: FastifyRequest): IpnBodyTap | undefined {
  return taps.get(request);
}
