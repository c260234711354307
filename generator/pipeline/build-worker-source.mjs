// Starts build-worker.ts from the TypeScript sources (when the generator runs in source mode);
// the compiled generator starts build-worker.js directly.
import { registerSourceMode } from './source-mode.mjs';

registerSourceMode();
await import('./build-worker.ts');
