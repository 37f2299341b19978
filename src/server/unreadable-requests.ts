// Answers what never reaches the app. node's parser refuses a request it cannot read (bad framing,
// bytes a request line or header may not hold, headers past 16 KB, one too slow to arrive) and by
// default writes a bare status line with no body; a CONNECT (a request for a tunnel) it hands to a
// 'connect' listener, and without one drops the connection unanswered. Here each gets a
// problem+json like any other refusal (DESIGN.md, Errors), with the usual security headers and a
// request id, and then the connection closes: nothing after such a request can be read reliably.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { PROBLEM_CONTENT_TYPE } from './errors.js';
import { problems, type HttpProblem } from './http-problem.js';
import { API_CONTENT_SECURITY_POLICY } from './security-headers.js';

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request', 405: 'Method Not Allowed', 408: 'Request Timeout', 431: 'Request Header Fields Too Large',
};
/** The methods vino's routes answer, for the Allow of a refused CONNECT. */
const SERVED_METHODS = 'GET, HEAD, POST, DELETE, OPTIONS';
/** A client that stops reading cannot hold the socket past this once its answer is written. */
const LINGER_MS = 5000;

/** The status node's own handler gives each parser error (lib/_http_server.js), as a problem. */
function problemFor(code: string | undefined): HttpProblem {
  if (code === 'HPE_HEADER_OVERFLOW') return problems.headersTooLarge();
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return problems.requestTimeout();
  return problems.badRequest('The request could not be read as HTTP/1.1.');
}

function rawAnswer(problem: HttpProblem, requestId: string): string {
  const body = JSON.stringify(problem.body);
  const headers: Record<string, string> = {
    'X-Request-Id': requestId, 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
    'Cache-Control': 'no-store', ...problem.headers, 'Content-Type': PROBLEM_CONTENT_TYPE,
    'Content-Length': String(Buffer.byteLength(body)), Connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `HTTP/1.1 ${problem.body.status} ${REASON_PHRASES[problem.body.status]}\r\n${head}\r\n${body}`;
}

export function answerUnreadableRequests(server: Server, logger: Logger): void {
  const refuse = (socket: Socket, problem: HttpProblem, reason: string) => {
    const requestId = randomUUID();
    logger.info({ reqId: requestId, route: 'unreadable', status: problem.body.status, reason }, 'request refused');
    socket.setTimeout(LINGER_MS, () => socket.destroy());
    socket.end(rawAnswer(problem, requestId), () => socket.destroy());
  };

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    // Garbage right behind a complete request: that one is answered first (node's own handler
    // would cut its answer off), then the garbage is refused.
    const answering = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
    const reason = error.code ?? error.message;
    if (answering?.req.complete && !answering.writableFinished) answering.once('finish', () => refuse(socket, problemFor(error.code), reason));
    else refuse(socket, problemFor(error.code), reason);
  });
  server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    refuse(socket, problems.methodNotAllowed('CONNECT', SERVED_METHODS), 'CONNECT');
  });
}
