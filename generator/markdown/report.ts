import type { VFile } from 'vfile';
import type { Node } from 'unist';

/** Records a finding on the file, with a stable code, at the node's position. */
export function report(file: VFile, node: Node | undefined, code: string, message: string, severity: 'error' | 'warning' = 'error'): void {
  const msg = file.message(message, { place: node?.position, ruleId: code, source: 'vitrina-docs' });
  msg.fatal = severity === 'error' ? true : false;
}
