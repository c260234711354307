/** vitrina-docs/generator: the build pipeline and the markdown compiler, for scripts and tools. */
export { compileMarkdown, type CompileOptions } from './markdown/processor.ts';
export { runPipeline, type RunOptions, type RunResult, type BuildStats } from './build.ts';
export { formatDiagnostics, sortDiagnostics } from './diagnostics.ts';
