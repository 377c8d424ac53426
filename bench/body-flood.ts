import { readFile } from "node:fs/promises";
import http from "node:http";

import { startStack } from "./support";

/**
 * Decision 030: unauthenticated 50 MB POSTs to /logout, 120 of them (in waves of 20), and the
 * app's resident memory before and after. Bodies are refused unread (413), so memory stays flat.
 */
const MB = 1024 * 1024;
const TOTAL = 120;
const WAVE = 20;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function post(url: string, declared: number): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(declared) },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", () => resolve(0));
    const chunk = Buffer.alloc(MB, "a");
    let sent = 0;
    const pump = () => {
      while (sent < declared) {
        const piece = chunk.subarray(0, Math.min(chunk.length, declared - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

export async function bodyFlood() {
  const stack = await startStack(3291);
  try {
    const pid = stack.app.pid!;
    const before = await rssMb(pid);
    const statuses = new Map<number, number>();
    const started = performance.now();
    let peak = before;
    for (let sent = 0; sent < TOTAL; sent += WAVE) {
      const wave = await Promise.all(Array.from({ length: WAVE }, () => post(`${stack.appUrl}/logout`, 50 * MB)));
      for (const status of wave) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      peak = Math.max(peak, await rssMb(pid));
    }
    const after = await rssMb(pid);
    console.log(`${TOTAL} × 50 MB POST /logout in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(`answers: ${[...statuses].map(([status, count]) => `${status || "reset"} × ${count}`).join(", ")}`);
    console.log(`app RSS: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, ${after.toFixed(0)} MB after`);
  } finally {
    await stack.stop();
  }
}
