/**
 * How every module publishes: `message` `{ channel, event, payload }` to the sockets joined to
 * `channel`. In a process with a Socket.IO server (roles all and api) this is the server's own
 * publish; in a worker-only process it is the relay (`createRelayPublisher`), which forwards over
 * PostgreSQL NOTIFY to the API processes. Fire-and-forget: a failure is logged, never thrown.
 */
export type PublishRealtime = (channel: string, event: string, payload: unknown) => void;
