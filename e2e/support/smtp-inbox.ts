import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export interface Inbox {
  url: string;
  messages: { to: string[]; raw: string }[];
  /** Resolves with the next message for `to` (or one already received and not yet taken). */
  next(to: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startInbox(): Promise<Inbox> {
  const messages: Inbox["messages"] = [];
  const taken = new Set<number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = messages.findIndex((m, i) => !taken.has(i) && m.to.includes(to.toLowerCase()));
        if (index >= 0) {
          taken.add(index);
          return messages[index]!.raw;
        }
        if (Date.now() > deadline) throw new Error(`No mail for ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
