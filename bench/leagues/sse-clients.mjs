// A benchmark's event-stream clients, as a child process (fork, IPC): it opens the streams it is
// told to, counts every event (heartbeats and retry lines apart), and keeps for each stream when
// each logged event arrived, and for community standings, how many arrived in each second.
// Messages in: { open: [{ url, cookie?, from? }] }, { report: true }, { close: true }.
// Messages out: { opened: n, failed: n }, { report: {...} }.
import http from 'node:http';
import { takeSseBlocks } from '../../tests/support/sse-blocks.mjs';

const now = () => performance.timeOrigin + performance.now();
/** Per stream: arrival times of events by name, standings per wall-clock second, drops. */
const streams = [];
let cpuStart = process.cpuUsage();
let wallStart = now();

function open({ url, cookie, from }, index) {
  return new Promise((resolve) => {
    const record = {
      index,
      draws: [],
      drawsMade: [],
      drawIds: [],
      standingsPerSecond: new Map(),
      standings: 0,
      resets: 0,
      events: 0,
      dropped: false,
      status: 0,
    };
    streams.push(record);
    const request = http.get(
      url,
      { agent: false, localAddress: from, headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } },
      (response) => {
        record.status = response.statusCode;
        if (response.statusCode !== 200) {
          response.resume();
          resolve(false);
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          const { blocks, rest } = takeSseBlocks(buffer + chunk);
          buffer = rest;
          for (const { id, event: name, data } of blocks) {
            if (data === undefined) continue;
            record.events += 1;
            const at = now();
            if (name === 'draw') {
              record.draws.push(at);
              record.drawIds.push(Number(id));
              // When the event was made: the app's draw time (ms), the bare server's send time.
              const made = /"drawnAt":"([^"]+)"/.exec(data)?.[1];
              record.drawsMade.push(made === undefined ? Number(/"t":([\d.]+)/.exec(data)?.[1]) : Date.parse(made));
            } else if (name === 'standing') {
              record.standings += 1;
              if (record.lastStandingAt !== undefined)
                record.minStandingsGapMs = Math.min(record.minStandingsGapMs ?? Infinity, at - record.lastStandingAt);
              record.lastStandingAt = at;
              const second = Math.floor(at / 1000);
              record.standingsPerSecond.set(second, (record.standingsPerSecond.get(second) ?? 0) + 1);
            } else if (name === 'reset') {
              record.resets += 1;
            }
          }
        });
        response.on('close', () => {
          record.dropped = true;
        });
        resolve(true);
      },
    );
    request.on('error', () => resolve(false));
  });
}

process.on('message', async (message) => {
  if (message.open !== undefined) {
    let opened = 0;
    let failed = 0;
    // A few hundred at a time: the server's accept queue and the kernel's SYN backlog stay calm.
    for (let start = 0; start < message.open.length; start += 250) {
      const results = await Promise.all(
        message.open.slice(start, start + 250).map((target, offset) => open(target, streams.length + offset)),
      );
      opened += results.filter(Boolean).length;
      failed += results.filter((ok) => !ok).length;
    }
    process.send({ opened, failed });
  } else if (message.mark !== undefined) {
    cpuStart = process.cpuUsage();
    wallStart = now();
    process.send({ marked: true });
  } else if (message.report !== undefined) {
    const cpu = process.cpuUsage(cpuStart);
    const wall = now() - wallStart;
    process.send({
      report: {
        cpuShare: (cpu.user + cpu.system) / 1000 / wall,
        streams: streams.map((record) => ({
          draws: record.draws,
          drawsMade: record.drawsMade,
          drawIds: record.drawIds,
          standings: record.standings,
          minStandingsGapMs: record.minStandingsGapMs,
          maxStandingsPerSecond: Math.max(0, ...record.standingsPerSecond.values()),
          resets: record.resets,
          events: record.events,
          dropped: record.dropped,
          status: record.status,
        })),
      },
    });
  } else if (message.close !== undefined) {
    process.exit(0);
  }
});
