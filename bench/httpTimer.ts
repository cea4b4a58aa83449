import http from 'node:http';

/**
 * A client in a process of its own (forked by listMeasure.ts): GETs one URL over a keep-alive
 * loopback connection, one call after another, and answers each call's milliseconds from the
 * request to the answer's last byte. Its own garbage is collected here, not in the server's
 * process, so the server's figures hold only the server's work and the network's.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { agent, headers }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        response.resume();
        response.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
      })
      .on('error', reject);
  });
}

process.on('message', (message: { url: string; headers: Record<string, string>; runs: number; warmUp: number }) => {
  void (async () => {
    try {
      const wall: number[] = [];
      for (let run = 0; run < message.runs + message.warmUp; run += 1) {
        const ms = await get(message.url, message.headers);
        if (run >= message.warmUp) wall.push(ms);
      }
      process.send!({ wall });
    } catch (error) {
      process.send!({ error: String(error) });
    }
  })();
});
