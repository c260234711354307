/**
 * A request handler that cannot stop the server: whatever it throws is answered with 500 (or,
 * once headers are out, by closing that response) and logged, and the server goes on serving.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export function safeHandler(handler: Handler, log: (line: string) => void = (line) => console.error(line)): Handler {
  return (req, res) => {
    try {
      handler(req, res);
    } catch (e) {
      log(`${req.method ?? 'GET'} ${JSON.stringify(req.url ?? '')}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      for (const name of res.getHeaderNames()) if (name === 'location' || name === 'content-disposition') res.removeHeader(name);
      res
        .writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
        .end('500: the server could not answer this request\n');
    }
  };
}
