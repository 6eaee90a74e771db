/**
 * Assumes @socket.io/postgres-emitter 0.1.1 with @socket.io/postgres-adapter 0.5.0: the adapter
 * routes every message by its top-level `nsp`, which the emitter's broadcast document does not
 * carry, so the adapter would drop every emitted event. The operator's `publish` (an internal
 * method every emit goes through) is wrapped to add the namespace the emitter targets.
 * postgres-emitter-namespace.test.ts fails when the emitter's shape changes.
 */
export function withNamespace<Operator extends object>(operator: Operator, nsp = '/'): Operator {
  const target = operator as unknown as { publish(document: object): Promise<void> };
  if (typeof target.publish !== 'function') {
    throw new Error('@socket.io/postgres-emitter: BroadcastOperator#publish is gone');
  }
  const publish = target.publish.bind(target);
  target.publish = (document) => publish({ ...document, nsp });
  return operator;
}
