import { HEALTH_CHECK_TIMEOUT_MS } from '@nocturne/contract/constants';
import { getHealthResponseSchema } from '@nocturne/contract/health/get-health';
import { apiUrl } from './url';
import './zod-config';

/** Spec §7: `GET {host}/health` once at start-up with a 3 s timeout; the result is only logged. */
export async function logServerHealth(): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HEALTH_CHECK_TIMEOUT_MS);
  try {
    const response = await fetch(apiUrl('/health'), { signal: controller.signal });
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = getHealthResponseSchema.safeParse(body);
    const status = parsed.success ? parsed.data.status : 'unknown';
    console.info(`[health] Server health: ${status} (HTTP ${response.status})`);
  } catch (error) {
    console.warn('[health] Server health check failed', error);
  } finally {
    clearTimeout(timer);
  }
}
