import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a path answers: a status, a content type (none: no header) and a body;. */
export interface Page {
  status?: number;
  type?: string;
  body: string | Uint8Array;
}

export interface WebPages {
  /** http://127.0.0.1:<port> */
  url: string;
  /** the paths asked for, in order */
  asked: string[];
  close(): Promise<void>;
}

/** A local web site with fixed pages, for fetching user-given addresses in tests; any other path is a 404. */
export async function startWebPages(pages: Record<string, Page>): Promise<WebPages> {
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    asked.push(path);
    const page = pages[path] ?? { status: 404, type: 'text/html', body: '<h1>Not found</h1>' };
    response.writeHead(page.status ?? 200, page.type ? { 'content-type': page.type } : {});
    response.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
