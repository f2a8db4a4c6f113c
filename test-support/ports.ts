import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Whether a port on 127.0.0.1 can be listened on right now. */
function canListen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

/** A port free at the time of the call, chosen by the system. */
export async function freePort(): Promise<number> {
  const port = await canListen(0);
  if (port === null) throw new Error('test-support: no free port on 127.0.0.1');
  return port;
}

/** The first port the system hands out for `listen(0)` and outgoing connections (Linux; the IANA range otherwise). */
function ephemeralRangeStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const start = Number(low);
    if (Number.isInteger(start) && start > 2048) return start;
  } catch {
    // Not Linux: fall through to the IANA range.
  }
  return 49152;
}

/**
 * A free port below the system's ephemeral range, for a test that stops a server and starts it again on
 * the same port. A port from `freePort()` can be handed to another test's `listen(0)` (or an outgoing
 * connection) in between; one below the ephemeral range is never handed out that way.
 */
export async function restartablePort(): Promise<number> {
  const high = ephemeralRangeStart();
  const low = Math.max(10_000, high - 12_000);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const candidate = low + Math.floor(Math.random() * (high - low));
    if ((await canListen(candidate)) !== null) return candidate;
  }
  throw new Error(`test-support: no free port between ${low} and ${high} on 127.0.0.1`);
}
