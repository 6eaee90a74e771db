/** Business constants of spec §9: one home, used by server and web alike. */

// Credits
export const GENERATION_COST_CREDITS = 1;
export const DAILY_CREDITS = 10;
export const DAILY_CREDITS_COOLDOWN_MS = 24 * 60 * 60 * 1000;
export const DAILY_CREDITS_RESET_TEXT = '24 hours';
export const LOW_CREDITS_THRESHOLD = 5;
export const UPGRADE_NUDGE_THRESHOLD = 3;
export const REQUEST_CREDITS_BUTTON_THRESHOLD = 2;

// Premium pricing (display)
export const PREMIUM_PRICE_TEXT = '$29';
export const PREMIUM_DEFAULT_DISPLAY_PRICE_USD = 29.99;
export const PREMIUM_PRICE_LOADING_TEXT = '$...';

// HTTP client
export const API_BASE_PATH = '/api/v1';
export const REQUEST_TIMEOUT_MS = 30_000;
export const REQUEST_MAX_RETRIES = 3;
export const RETRY_BASE_DELAY_MS = 1_000;
export const RETRY_MAX_JITTER_MS = 1_000;
export const HEALTH_CHECK_TIMEOUT_MS = 3_000;

// Auth
export const AUTH_MAX_REFRESHES_PER_WINDOW = 3;
export const AUTH_REFRESH_WINDOW_RESET_MS = 5_000;
export const TOKEN_EXPIRY_MARGIN_MS = 30_000;
export const SESSION_HEALTH_CHECK_INTERVAL_MS = 5 * 60 * 1000;

// Credit loading circuit breaker
export const CREDIT_BREAKER_FAILURE_THRESHOLD = 3;
export const CREDIT_BREAKER_RESET_MS = 30_000;

// Lists
export const PAGE_SIZE = 20;
export const FAVORITES_FULL_FETCH_PAGE_SIZE = 50;
export const CREDIT_STATS_HISTORY_LIMIT = 1000;
export const CREDIT_STATS_WEEK_DAYS = 7;
export const CREDIT_STATS_MONTH_DAYS = 30;
export const GALLERY_SKELETON_TILES = 10;
export const HISTORY_SKELETON_ROWS = 6;
export const PROMPT_PREVIEW_CHARS = 100;
export const HISTORY_PREVIEW_CHARS = 150;

// Timings
export const SUCCESS_BANNER_MS = 5_000;
export const REALTIME_SUBSCRIBE_DELAY_MS = 100;
export const UPGRADE_MODAL_DELAY_MS = 1_500;
export const PENDING_POLL_INTERVAL_MS = 10_000;
export const PAYMENT_REALTIME_WAIT_MS = 20_000;
export const PAYMENT_REFRESH_RETRIES = 3;
export const PAYMENT_REFRESH_BASE_DELAY_MS = 2_000;
export const BROADCAST_RECONNECT_MAX = 3;
export const PAYMENT_WINDOW_MINUTES = 15;
export const SUCCESS_COUNTDOWN_SECONDS = 10;
export const EXPIRING_SOON_DAYS = 7;

// Simulated generation progress (spec §4)
export const PROGRESS_PHASES = {
  AGGREGATION: { from: 0, to: 25 },
  QUEUING: { from: 25, to: 50 },
  INFERENCE: { from: 50, to: 85 },
  FINALIZATION: { from: 85, to: 90 },
} as const;
export const SIMULATED_PROGRESS_CAP = 90;
export const SIMULATED_PROGRESS_TICK_MS = 800;
export const SIMULATED_PROGRESS_MIN_INCREMENT = 2;
export const SIMULATED_PROGRESS_MAX_INCREMENT = 8;
export const INFERENCE_INCREMENT_FACTOR = 0.6;
export const PROCESSING_PROGRESS_FLOOR = 70;
export const COMPLETED_PROGRESS_FLOOR = 95;

// Profile and tiers
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const TIER_THRESHOLDS = { REGULAR: 10, ADVANCED: 50, EXPERT: 200 } as const;
export const BADGE_ARTIST_GENERATIONS = 5;
export const BADGE_CREATOR_GENERATIONS = 10;

// Landing
export const LANDING_GALLERY_SIZE = 8;
export const LANDING_SAMPLE_COUNT = 10;

// Accounts (Nocturne is an 18+ product)
export const MINIMUM_AGE = 18;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
