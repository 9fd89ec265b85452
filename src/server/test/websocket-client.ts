import crypto from "node:crypto";
import http from "node:http";

/**
 * A minimal websocket reader for tests (Node 20 has no WebSocket client without a flag): opens
 * the connection with the given cookie and collects the server's text messages as JSON.
 */
export function openWebSocket(
  url: string,
  cookie: string,
): Promise<{ status: number; messages: AsyncGenerator<unknown>; close(): void }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": crypto.randomBytes(16).toString("base64"),
        cookie,
      },
    });
    request.on("response", (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, messages: (async function* () {})(), close() {} });
    });
    request.on("upgrade", (response, socket, head) => {
      let buffer = Buffer.from(head);
      const waiting: ((frame: unknown) => void)[] = [];
      const queued: unknown[] = [];
      const deliver = (value: unknown) => (waiting.length ? waiting.shift()!(value) : queued.push(value));
      socket.on("data", (data: Buffer) => {
        buffer = Buffer.concat([buffer, data]);
        for (;;) {
          if (buffer.length < 2) return;
          let length = buffer[1]! & 0x7f;
          let offset = 2;
          if (length === 126) [length, offset] = [buffer.readUInt16BE(2), 4];
          else if (length === 127) [length, offset] = [Number(buffer.readBigUInt64BE(2)), 10];
          if (buffer.length < offset + length) return;
          const opcode = buffer[0]! & 0x0f;
          const payload = buffer.subarray(offset, offset + length);
          buffer = buffer.subarray(offset + length);
          if (opcode === 1) deliver(JSON.parse(payload.toString("utf8")));
          if (opcode === 8) deliver(null);
        }
      });
      socket.on("close", () => deliver(null));
      resolve({
        status: response.statusCode ?? 0,
        messages: (async function* () {
          for (;;) {
            const next = queued.length ? queued.shift() : await new Promise((r) => waiting.push(r));
            if (next === null) return;
            yield next;
          }
        })(),
        close: () => socket.destroy(),
      });
    });
    request.on("error", reject);
    request.end();
  });
}
