// @ts-check
// Emulator throughput (npm run bench:emulator, runs against dist/): a generated 10,000-repository
// organization served from a worker thread (so the load generator does not steal the server's
// CPU), then paged repository reads (page_size 100) and entity list reads, 8 in flight on
// keep-alive connections. Prints requests per second for each, and the machine's load average,
// since a busy machine lowers every figure.

import { Agent, request } from 'undici';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { loadavg, cpus } from 'node:os';
import { surface } from './surface.mjs';

const CONCURRENCY = 8;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);

if (!isMainThread) {
  const { generateFixture, startEmulator } = await surface.emulator();
  const fixture = generateFixture({ repos: 10_000, teams: 500, boards: 2_000, seed: 1 });
  const emulator = await startEmulator({ fixture });
  parentPort.postMessage({ url: emulator.url, repos: fixture.repositories.length, teams: fixture.teams.length });
  parentPort.on('message', async () => {
    await emulator.close();
    process.exit(0);
  });
} else {
  const worker = new Worker(new URL(import.meta.url));
  const info = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  console.log(`generated org: ${info.repos} repositories, ${info.teams} teams, 2000 boards; ${CONCURRENCY} in flight; ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(1)}`);

  async function measure(name, pathFor, requests = REQUESTS) {
    const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 10_000 });
    let next = 0;
    let failures = 0;
    let bytes = 0;
    const worker = async (limit) => {
      while (next < limit) {
        const i = next++;
        const res = await request(info.url + pathFor(i), { dispatcher: agent, headers: { 'x-api-key': 'dev-key' } });
        bytes += (await res.body.arrayBuffer()).byteLength;
        if (res.statusCode !== 200) failures++;
      }
    };
    // Warm up the connections and the JIT before timing.
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(CONCURRENCY * 20)));
    next = 0;
    bytes = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(requests)));
    const seconds = (performance.now() - started) / 1000;
    await agent.close();
    const rate = Math.round(requests / seconds);
    const kb = Math.round(bytes / requests / 1024);
    console.log(`${name.padEnd(48)} ${String(rate).padStart(6)} req/s  (${requests} in ${seconds.toFixed(2)} s, ~${kb} KB each, ${failures} failures)`);
  }

  try {
    await measure('GET /api/v1/git/repositories page_size=100', (i) => `/api/v1/git/repositories?page_size=100&page=${(i % 100) + 1}`);
    await measure('GET /api/v1/git/repositories state=monitored', (i) => `/api/v1/git/repositories?state=monitored&page_size=100&page=${(i % 50) + 1}`);
    await measure('GET /api/v2/pm/entities/boards limit=100', (i) => `/api/v2/pm/entities/boards?limit=100&offset=${(i % 20) * 100}`);
    await measure('GET /api/v2/pm/entities/boards limit=1000', (i) => `/api/v2/pm/entities/boards?limit=1000&offset=${(i % 2) * 1000}`, REQUESTS / 4);
  } finally {
    worker.postMessage('close');
  }
}
