import { createServer, type Server, type Socket } from 'node:net';

/**
 * A scripted SMTP server on raw `net`, for behaviours a real server library cannot be told to do:
 * multi-line and missing greetings, EHLO refused, STARTTLS that breaks, recipient limits, 421 in
 * the middle of a session, greylisting by (sender, recipient). Several of them share one port on
 * different loopback addresses, as the sandbox mail world does (127.1.x.y:2525).
 */
export interface RcptContext {
  /** 1-based, per server. */
  connection: number;
  /** 0-based within the session. */
  index: number;
  from: string;
  helo: string;
}

export interface SmtpScript {
  /** The whole greeting reply; null sends nothing (a tarpit). */
  greeting?: string | null;
  /** 'unsupported': 502 to EHLO, so the client must fall back to HELO. */
  ehlo?: 'ok' | 'unsupported';
  extensions?: string[];
  /** What follows a STARTTLS: a refusal (plaintext goes on) or a 220 and a dropped connection. */
  starttls?: 'refuse' | 'drop';
  mailFrom?: (from: string) => string;
  rcpt?: (address: string, ctx: RcptContext) => string;
  /** RCPTs per session; the next one gets `452 4.5.3 Too many recipients`. */
  maxRcpt?: number;
}

export class ScriptedSmtpServer {
  readonly log: string[] = [];
  connections = 0;
  /** Sessions going on now (connected, not yet QUIT), and the most at once. Counted up to QUIT,
   * not to the socket's close, which the server sees only after the client has moved on. */
  open = 0;
  maxOpen = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    readonly host: string,
    private readonly server: Server,
    readonly port: number,
    private readonly script: SmtpScript,
  ) {
    server.on('connection', (socket) => this.serve(socket));
  }

  static async start(host: string, port: number, script: SmtpScript): Promise<ScriptedSmtpServer> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const bound = (server.address() as { port: number }).port;
    return new ScriptedSmtpServer(host, server, bound, script);
  }

  /** Commands received, as `<connection>: <line>`. */
  commands(connection?: number): string[] {
    return this.log
      .filter((l) => connection === undefined || l.startsWith(`${connection}: `))
      .map((l) => l.replace(/^\d+: /, ''));
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(socket: Socket): void {
    const id = ++this.connections;
    this.sockets.add(socket);
    this.open += 1;
    this.maxOpen = Math.max(this.maxOpen, this.open);
    let ended = false;
    const end = () => {
      if (!ended) this.open -= 1;
      ended = true;
    };
    socket.on('close', () => {
      end();
      this.sockets.delete(socket);
    });
    socket.on('error', () => {});
    const s = this.script;
    const send = (reply: string) => socket.write(`${reply.replace(/\r?\n/g, '\r\n')}\r\n`);
    const state = { helo: '', from: '', rcpts: 0 };
    const greeting = s.greeting === undefined ? '220 mx.test ESMTP ready' : s.greeting;
    if (greeting !== null) send(greeting);
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let nl = buffer.indexOf('\r\n'); nl >= 0; nl = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        this.log.push(`${id}: ${line}`);
        const verb = (line.split(/[ :]/)[0] ?? '').toUpperCase();
        if (verb === 'EHLO') {
          if (s.ehlo === 'unsupported') send('502 5.5.2 Error: command not recognized');
          else {
            state.helo = line.slice(5);
            const ext = s.extensions ?? ['PIPELINING', 'ENHANCEDSTATUSCODES'];
            send(
              ['250-mx.test', ...ext]
                .map((e, i, all) => `250${i === all.length - 1 ? ' ' : '-'}${e.replace(/^250-/, '')}`)
                .join('\n'),
            );
          }
        } else if (verb === 'HELO') {
          state.helo = line.slice(5);
          send('250 mx.test');
        } else if (verb === 'STARTTLS') {
          if (s.starttls === 'drop') {
            send('220 2.0.0 Ready to start TLS');
            socket.end();
          } else send('454 4.7.0 TLS not available due to local problem');
        } else if (verb === 'MAIL') {
          state.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          state.rcpts = 0;
          send(s.mailFrom ? s.mailFrom(state.from) : '250 2.1.0 Ok');
        } else if (verb === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
          if (s.maxRcpt !== undefined && state.rcpts >= s.maxRcpt) send('452 4.5.3 Too many recipients');
          else {
            const reply = s.rcpt
              ? s.rcpt(address, { connection: id, index: state.rcpts, from: state.from, helo: state.helo })
              : '250 2.1.5 Ok';
            send(reply);
            if (reply.startsWith('421')) socket.end();
          }
          state.rcpts += 1;
        } else if (verb === 'QUIT') {
          end();
          send('221 2.0.0 Bye');
          socket.end();
        } else if (verb === 'RSET') send('250 2.0.0 Ok');
        else send('502 5.5.2 Error: command not recognized');
      }
    });
  }
}

/** Servers on several loopback addresses, all on one port (the first one's, chosen freely). */
export async function startScriptedServers(
  scripts: Record<string, SmtpScript>,
): Promise<{ servers: Record<string, ScriptedSmtpServer>; port: number; close: () => Promise<void> }> {
  const hosts = Object.keys(scripts);
  const servers: Record<string, ScriptedSmtpServer> = {};
  let port = 0;
  for (const host of hosts) {
    const server = await ScriptedSmtpServer.start(host, port, scripts[host] as SmtpScript);
    port = server.port;
    servers[host] = server;
  }
  return { servers, port, close: async () => void (await Promise.all(Object.values(servers).map((s) => s.close()))) };
}
