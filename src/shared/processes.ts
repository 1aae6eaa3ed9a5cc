import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Child-process plumbing shared by the dev launcher and the test harness. */

export function pipeLines(child: ChildProcess, write: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream?.on('data', (chunk: Buffer) => {
      buf += chunk.toString('utf8');
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const l of lines) if (l.trim()) write(l);
    });
  }
}

/**
 * Fails, naming the port and the variable that moves it, when something else already listens
 * there: a stack that started beside a stranger's server would answer with the stranger's.
 */
export function assertPortFree(port: number, what: string, envVar: string, host = '127.0.0.1'): Promise<void> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`${what} cannot listen on ${host}:${port} (${err.code ?? err.message}): stop the process that holds it, or set ${envVar} to another port`)),
    );
    srv.listen(port, host, () => srv.close(() => resolve()));
  });
}

/** Resolves when the child reports `{ type: 'listening' }` over IPC (it bound its own port), rejects if it exits first. */
export function waitForListening(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no listening report after ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (m: unknown) => {
      if ((m as { type?: string } | null)?.type === 'listening') done();
    };
    const onExit = (code: number | null, signal: string | null) => done(new Error(`process exited (${signal ?? code}) before listening`));
    function done(err?: Error) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export function waitForPort(port: number, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child && child.exitCode !== null) return reject(new Error(`process exited with ${child.exitCode} before listening on ${port}`));
      const sock = net.connect(port, '127.0.0.1');
      sock.once('connect', () => {
        sock.destroy();
        resolve();
      });
      sock.once('error', () => {
        sock.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listening on ${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 250);
      });
    };
    attempt();
  });
}

/** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. */
export function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
