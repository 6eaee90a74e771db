import { config } from 'zod';

// The CSP has no 'unsafe-eval'. zod's JIT probes for eval on the first object parse, which the
// browser reports as a CSP violation (Lighthouse best practices); its interpreter is plenty fast
// for response bodies. Imported for this side effect by every module that parses with zod.
config({ jitless: true });
