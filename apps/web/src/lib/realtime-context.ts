import { createContext, useContext } from 'react';
import { realtime, type RealtimeClient } from './realtime';

/**
 * The realtime connection components subscribe through: the app's one connection unless a
 * provider above gives another (a test's fake socket). Components read it here rather than take
 * it as a prop, so no component carries a prop only a test sets.
 */
export const RealtimeContext = createContext<RealtimeClient>(realtime);

export function useRealtimeClient(): RealtimeClient {
  return useContext(RealtimeContext);
}
