// The community benchmark's view of the standings as the server SENT them: a packet capture
// (tcpdump, on the loopback device) of the server's segments during the marks. On loopback a
// segment passes the device when the server's write makes it, so its timestamp is the send, not
// the moment a busy client process got round to reading it (which is what the clients record).
// Needs tcpdump and the right to capture (root); without them, `startCapture` returns undefined.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const STANDING = Buffer.from('event: standing');

/** Starts capturing the server's segments that carry data (`port`: the server's); undefined without tcpdump. */
export async function startCapture(port) {
  if (spawnSync('tcpdump', ['--version']).status !== 0) return undefined;
  const file = path.join(os.tmpdir(), `mingo-standings-${process.pid}.pcap`);
  // 160 bytes of each segment hold the headers and the event's name; a 64 MB buffer keeps a
  // tick's 10,000 segments from being dropped by the kernel (the count of any dropped is reported).
  const child = spawn('tcpdump', ['-i', 'lo', '-n', '-s', '160', '-B', '65536', '-w', file, `tcp src port ${port} and greater 80`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // tcpdump says "listening on lo" once it captures.
  await new Promise((resolve, reject) => {
    const check = () =>
      stderr.includes('listening on') ? resolve() : child.exitCode !== null ? reject(new Error(stderr)) : setTimeout(check, 20);
    check();
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let stopped;
  return {
    /** Stops the capture (once); resolves to each subscriber's (client port's) standings send times, in ms. */
    stop() {
      stopped ??= (async () => {
        child.kill('SIGINT');
        await exited;
        const dropped = /(\d+) packets dropped by kernel/.exec(stderr)?.[1];
        try {
          return { sends: standingsSends(readFileSync(file)), droppedByKernel: Number(dropped ?? 0) };
        } finally {
          rmSync(file, { force: true });
        }
      })();
      return stopped;
    },
  };
}

/** Reads a pcap file's IPv4 TCP segments whose data starts with a standings event: send times per client port. */
export function standingsSends(pcap) {
  const little = pcap.readUInt32LE(0) === 0xa1b2c3d4 || pcap.readUInt32LE(0) === 0xa1b23c4d;
  const nano = pcap.readUInt32LE(0) === 0xa1b23c4d || pcap.readUInt32BE(0) === 0xa1b23c4d;
  const u32 = (offset) => (little ? pcap.readUInt32LE(offset) : pcap.readUInt32BE(offset));
  const linkType = u32(20);
  // Ethernet (lo on Linux), Linux cooked v1 and v2.
  const linkHeader = { 1: 14, 113: 16, 276: 20 }[linkType];
  if (linkHeader === undefined) throw new Error(`unexpected link type ${linkType} in the capture`);
  const sends = new Map();
  for (let offset = 24; offset + 16 <= pcap.length;) {
    const ms = u32(offset) * 1000 + u32(offset + 4) / (nano ? 1e6 : 1e3);
    const captured = u32(offset + 8);
    const packet = pcap.subarray(offset + 16, offset + 16 + captured);
    offset += 16 + captured;
    const ip = packet.subarray(linkHeader);
    if (ip.length < 20 || ip[0] >> 4 !== 4 || ip[9] !== 6) continue;
    const tcp = ip.subarray((ip[0] & 0x0f) * 4);
    const data = tcp.subarray((tcp[12] >> 4) * 4);
    if (!data.subarray(0, STANDING.length).equals(STANDING)) continue;
    const clientPort = tcp.readUInt16BE(2);
    let list = sends.get(clientPort);
    if (list === undefined) sends.set(clientPort, (list = []));
    list.push(ms);
  }
  return sends;
}

/** The shortest gap between two standings sent to one subscriber, and the most sent to one in a clock second. */
export function spacing(sends) {
  let minGapMs = Infinity;
  let maxPerSecond = 0;
  let messages = 0;
  for (const list of sends.values()) {
    messages += list.length;
    const perSecond = new Map();
    list.forEach((ms, index) => {
      if (index > 0) minGapMs = Math.min(minGapMs, ms - list[index - 1]);
      const second = Math.floor(ms / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    });
    maxPerSecond = Math.max(maxPerSecond, ...perSecond.values());
  }
  return { subscribers: sends.size, messages, minGapMs, maxPerSecond };
}
