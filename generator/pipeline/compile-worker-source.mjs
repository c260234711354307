// Starts compile-worker.ts from the TypeScript sources (when the generator runs in source mode);
// the compiled generator starts compile-worker.js directly.
import { registerSourceMode } from './source-mode.mjs';

registerSourceMode();
await import('./compile-worker.ts');
