import { passwordJourneys } from './passwords-journeys.js';

// Changes the seeded accounts' passwords: scripts/e2e.sh runs it on a server of its own, beside
// e2e/passwords-en.test.ts on another (e2e/passwords-journeys.ts).
passwordJourneys('zh', { adminReset: true });
